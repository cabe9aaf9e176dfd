import type { ExamResult, MistakeRow, TrainingState, WorkerSummary } from '#shared/contracts/worker.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { api } from '#web/store/api.ts';

const SUMMARY = { type: 'Worker', id: 'SUMMARY' } as const;
const TRAINING = { type: 'Worker', id: 'TRAINING' } as const;
const MISTAKES = { type: 'Worker', id: 'MISTAKES' } as const;

/** The worker cabinet's data: /api/v2/worker/* (server/surfaces/site-api/worker.routes.ts). */
export const workerApi = api.enhanceEndpoints({ addTagTypes: ['Worker'] }).injectEndpoints({
  endpoints: (build) => ({
    getWorkerSummary: build.query<WorkerSummary, void>({
      query: () => 'api/v2/worker',
      providesTags: [SUMMARY],
    }),
    updateWorkerLanguages: build.mutation<WorkerSummary, { languages: Language[] }>({
      query: (body) => ({ url: 'api/v2/worker/languages', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(workerApi.util.upsertQueryData('getWorkerSummary', undefined, data));
      },
    }),
    getTraining: build.query<TrainingState, void>({
      query: () => 'api/v2/worker/training',
      providesTags: [TRAINING],
    }),
    submitExam: build.mutation<ExamResult, { attempt: number; answers: Record<string, unknown>; timings?: Record<string, number> }>({
      query: (body) => ({ url: 'api/v2/worker/training/exam', method: 'POST', body }),
      // Passing unlocks real tasks: the summary (qualified) and the training (passed) change.
      invalidatesTags: (result) => (result?.passed ? [SUMMARY, TRAINING] : []),
    }),
    restartTraining: build.mutation<TrainingState, void>({
      query: () => ({ url: 'api/v2/worker/training/restart', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(workerApi.util.upsertQueryData('getTraining', undefined, data));
      },
    }),
    getMistakes: build.query<MistakeRow[], void>({
      query: () => 'api/v2/worker/mistakes',
      providesTags: [MISTAKES],
    }),
  }),
});

export const {
  useGetWorkerSummaryQuery,
  useUpdateWorkerLanguagesMutation,
  useGetTrainingQuery,
  useSubmitExamMutation,
  useRestartTrainingMutation,
  useGetMistakesQuery,
} = workerApi;

import type { BlockedWorker, ExamReviewAction, FlaggedExam, ModerationAction } from '#shared/contracts/moderation.ts';
import { api } from '#web/store/api.ts';

/** /api/v2/moderation/* (server/surfaces/site-api/moderation.routes.ts): the review queue of paused workers. */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    blockedWorkers: build.query<BlockedWorker[], void>({
      query: () => 'api/v2/moderation/workers',
      keepUnusedDataFor: 0,
    }),
    /** The verdict; on success the list follows at once (a decided worker leaves it, trust flips). */
    reviewWorker: build.mutation<{ ok: true }, { userId: number; action: ModerationAction }>({
      query: ({ userId, action }) => ({ url: `api/v2/moderation/workers/${userId}`, method: 'POST', body: { action } }),
      async onQueryStarted({ userId, action }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          moderationApi.util.updateQueryData('blockedWorkers', undefined, (rows) => {
            if (action === 'trust' || action === 'untrust') {
              const row = rows.find((r) => r.userId === userId);
              if (row) row.trusted = action === 'trust';
              return rows;
            }
            return rows.filter((r) => r.userId !== userId);
          }),
        );
      },
    }),
    /** Flagged training exams with a passing score, waiting for approval (docs/security.md, exam integrity). */
    flaggedExams: build.query<FlaggedExam[], void>({
      query: () => 'api/v2/moderation/exams',
      keepUnusedDataFor: 0,
    }),
    /** Approve (the worker qualifies) or reject; a decided exam leaves the list at once. */
    reviewExam: build.mutation<{ ok: true }, { id: number; action: ExamReviewAction }>({
      query: ({ id, action }) => ({ url: `api/v2/moderation/exams/${id}`, method: 'POST', body: { action } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(moderationApi.util.updateQueryData('flaggedExams', undefined, (rows) => rows.filter((r) => r.id !== id)));
      },
    }),
  }),
});

export const { useBlockedWorkersQuery, useReviewWorkerMutation, useFlaggedExamsQuery, useReviewExamMutation } = moderationApi;

/** Where the moderator sees a task's image or audio. */
export const evidenceMediaUrl = (taskId: number) => `/api/v2/moderation/tasks/${taskId}/image`;

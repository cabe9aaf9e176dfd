import { api } from '#web/store/api.ts';

export type LabellingKind = 'bbox' | 'classification' | 'points';
export type ItemStatus = 'pending' | 'queued' | 'review' | 'accepted' | 'rejected';
export interface LabelBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  cls: number;
}
export interface ProjectSummary {
  id: number;
  name: string;
  kind: LabellingKind;
  status: 'draft' | 'running' | 'done';
  createdAt: string;
}
export interface ProjectView {
  project: { id: number; name: string; instructions: string; classes: string[]; kind: LabellingKind; annotators: number; tiling: boolean; status: ProjectSummary['status']; priceEach: number | null; charged: number | null; language: string | null };
  estimate: { type: string; priceEach: number; items: number; annotators: number; tasks: number; total: number } | null;
  images: { id: number; fileName: string; width: number; height: number; bytes: number }[];
  items: { id: number; imageId: number; tile: number; x: number; y: number; w: number; h: number; scale: number; status: ItemStatus; result: LabelBox[] | null; round: number }[];
  progress: Record<ItemStatus, number>;
  perClass: number[];
}
export interface NewProject {
  name: string;
  instructions: string;
  classes: string[];
  kind: LabellingKind;
  annotators: number;
  tiling: boolean;
}

export const exportUrl = (id: number, format: 'coco' | 'yolo' | 'voc' | 'csv') => `/api/v2/labelling/projects/${id}/export/${format}`;
export const itemImageUrl = (id: number) => `/api/v2/labelling/items/${id}/image`;

/** Labelling projects (server/surfaces/site-api/labelling.routes.ts). */
export const labellingApi = api.enhanceEndpoints({ addTagTypes: ['LabellingProjects'] }).injectEndpoints({
  endpoints: (build) => ({
    labellingProjects: build.query<{ projects: ProjectSummary[] }, void>({ query: () => 'api/v2/labelling/projects', providesTags: ['LabellingProjects'] }),
    labellingProject: build.query<ProjectView, number>({ query: (id) => `api/v2/labelling/projects/${id}`, providesTags: (_r, _e, id) => [{ type: 'LabellingProjects', id }] }),
    createLabellingProject: build.mutation<{ id: number }, NewProject>({
      query: (body) => ({ url: 'api/v2/labelling/projects', method: 'POST', body }),
      invalidatesTags: ['LabellingProjects'],
    }),
    uploadLabellingFiles: build.mutation<{ added: number; items: number }, { id: number; files: File[] }>({
      query: ({ id, files }) => {
        const body = new FormData();
        for (const f of files) body.append('files', f, f.name);
        return { url: `api/v2/labelling/projects/${id}/images`, method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'LabellingProjects', id }],
    }),
    startLabellingProject: build.mutation<{ charged: number; tasks: number }, { id: number; expectedTotal: number }>({
      query: ({ id, expectedTotal }) => ({ url: `api/v2/labelling/projects/${id}/start`, method: 'POST', body: { expectedTotal } }),
      invalidatesTags: (_r, _e, { id }) => ['LabellingProjects', { type: 'LabellingProjects', id }],
    }),
    decideLabellingItem: build.mutation<unknown, { id: number; itemId: number; decision: 'accept' | 'reject' }>({
      query: ({ id, itemId, decision }) => ({ url: `api/v2/labelling/projects/${id}/items/${itemId}/${decision}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'LabellingProjects', id }],
    }),
  }),
});

export interface ReviewItem {
  itemId: number;
  kind: LabellingKind;
  classes: string[];
  instructions: string;
  width: number;
  height: number;
  agreed: LabelBox[];
  disputes: { cls: number; boxes?: { annotator: number; box: LabelBox }[] }[];
}
export const reviewImageUrl = (id: number) => `/api/v2/labelling/review/${id}/image`;

/** The trusted reviewer's queue of disputed items. */
export const labellingReviewApi = labellingApi.injectEndpoints({
  endpoints: (build) => ({
    labellingReview: build.query<{ reviewer: boolean; items: ReviewItem[] }, void>({ query: () => 'api/v2/labelling/review', providesTags: ['LabellingProjects'] }),
    resolveLabellingReview: build.mutation<{ ok: true }, { itemId: number; boxes: LabelBox[] }>({
      query: ({ itemId, boxes }) => ({ url: `api/v2/labelling/review/${itemId}`, method: 'POST', body: { boxes } }),
      invalidatesTags: ['LabellingProjects'],
    }),
  }),
});

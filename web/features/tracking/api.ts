import type { TrackingEvent, TrackingEventResponse } from '#shared/contracts/tracking.ts';
import { api } from '#web/store/api.ts';

export const trackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    trackEvent: build.mutation<TrackingEventResponse, TrackingEvent>({
      query: (body) => ({ url: 'api/v1/event-tracker', method: 'POST', body }),
    }),
  }),
});

export const { useTrackEventMutation } = trackingApi;

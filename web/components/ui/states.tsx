import { Banner } from './banner.tsx';
import { Skeleton } from './skeleton.tsx';
import { Spinner } from './spinner.tsx';

/** Placeholder blocks with the height of the content to come, plus an announced spinner. */
export function LoadingBlock({ lines = 3 }: { lines?: number }) {
  return (
    <div className="stack stack--sm" aria-busy="true">
      <Spinner size="sm" />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height="2.5rem" />
      ))}
    </div>
  );
}

/** The outcome of a form: an error (alert) or a confirmation (status). Empty regions stay mounted. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      <div role="alert" className="form-message">
        {error && <Banner tone="danger">{error}</Banner>}
      </div>
      <div role="status" className="form-message">
        {success && !error && <Banner tone="success">{success}</Banner>}
      </div>
    </>
  );
}

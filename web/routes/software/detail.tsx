import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useParams } from 'react-router';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { softwareApi, useSoftwareQuery } from '#web/features/software/api.ts';
import { SoftwareDetailView } from '#web/features/software/software-detail.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';

export async function loader({ store, lang, params }: PageLoaderArgs) {
  const slug = params.slug ?? '';
  const [result] = await Promise.all([
    store.dispatch(softwareApi.endpoints.software.initiate({ slug, language: lang }, { subscribe: false })),
    store.dispatch(softwareApi.endpoints.reviews.initiate({ slug, page: 0 }, { subscribe: false })),
  ]);
  // An unknown entry, or one not published and not the viewer's, is a real 404 page.
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  return null;
}

/** /software/{slug} */
export default function SoftwarePage() {
  const { t } = useTranslation('software');
  const { lang } = useCurrentPage();
  const { slug = '' } = useParams();
  const q = useSoftwareQuery({ slug, language: lang });
  return (
    <div className="section">
      {q.data && <title>{t('detail.metaTitle', { name: q.data.name })}</title>}
      {q.data && <meta name="description" content={q.data.summary} />}
      <div className="container">
        {q.data ? (
          <SoftwareDetailView software={q.data} />
        ) : q.isError ? (
          <Banner tone="danger">{t('detail.error')}</Banner>
        ) : (
          <LoadingBlock lines={8} />
        )}
      </div>
    </div>
  );
}

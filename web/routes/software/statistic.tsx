import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useParams } from 'react-router';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { softwareApi, useOwnerStatisticsQuery, useSoftwareQuery, useStatisticsQuery } from '#web/features/software/api.ts';
import { OwnerConsole, StatisticsView } from '#web/features/software/statistics-view.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';

export async function loader({ store, lang, params }: PageLoaderArgs) {
  const slug = params.slug ?? '';
  const [stats, detail] = await Promise.all([
    store.dispatch(softwareApi.endpoints.statistics.initiate({ slug }, { subscribe: false })),
    store.dispatch(softwareApi.endpoints.software.initiate({ slug, language: lang }, { subscribe: false })),
  ]);
  if (stats.error && apiErrorCode(stats.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  if (detail.data?.viewer.isOwner) await store.dispatch(softwareApi.endpoints.ownerStatistics.initiate({ slug }, { subscribe: false }));
  return null;
}

/** /software/statistic/{slug}: the public 7-day window; the owner also sees the revenue console. */
export default function SoftwareStatisticPage() {
  const { t } = useTranslation('software');
  const { lang } = useCurrentPage();
  const { slug = '' } = useParams();
  const stats = useStatisticsQuery({ slug });
  const detail = useSoftwareQuery({ slug, language: lang });
  const isOwner = detail.data?.viewer.isOwner ?? false;
  const owner = useOwnerStatisticsQuery({ slug }, { skip: !isOwner });
  const name = stats.data?.name ?? slug;
  return (
    <div className="section">
      <title>{t('statistics.metaTitle', { name })}</title>
      <meta name="description" content={t('statistics.metaDescription', { name })} />
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <p className="muted text-sm">
            <LocalizedLink to={`/software/${slug}`}>{t('statistics.back', { name })}</LocalizedLink>
          </p>
          <h1>{t('statistics.title', { name })}</h1>
          <p className="lead">{t('statistics.lead')}</p>
        </header>
        {stats.data ? <StatisticsView stats={stats.data} /> : stats.isError ? <Banner tone="danger">{t('statistics.error')}</Banner> : <LoadingBlock lines={6} />}
        {isOwner && (owner.data ? <OwnerConsole stats={owner.data} /> : owner.isError ? <Banner tone="danger">{t('statistics.error')}</Banner> : <LoadingBlock lines={4} />)}
      </div>
    </div>
  );
}

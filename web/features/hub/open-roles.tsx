import { useTranslation } from '#web/lib/i18n-react.ts';
import { contentLanguageOf } from '#shared/contracts/content.ts';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetOpenRolesQuery } from './api.ts';
import { HubError } from './live-figures.tsx';

/** Open roles the staff publish (blog articles tagged `jobs`); an honest empty state when there are none. */
export function OpenRoles({ lang }: { lang: string }) {
  const { t } = useTranslation('hub');
  const { data, isError, isLoading, refetch } = useGetOpenRolesQuery({ language: contentLanguageOf(lang) });
  if (isError) return <HubError onRetry={() => void refetch()} />;
  if (isLoading || !data) return <LoadingBlock lines={3} />;
  if (data.records.length === 0) return <EmptyState title={t('jobs.emptyTitle')} description={t('jobs.emptyText')} />;
  return (
    <ul className="grid-2 hub-list">
      {data.records.map((a) => (
        <li key={a.id}>
          <Card
            as="article"
            headingLevel={3}
            interactive
            title={
              <LocalizedLink to={`/blog/${a.slug}`} className="hub-card-link">
                {a.title}
              </LocalizedLink>
            }
            description={a.summary}
          />
        </li>
      ))}
    </ul>
  );
}

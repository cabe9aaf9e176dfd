import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { softwareApi, useSoftlistQuery } from '#web/features/software/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(softwareApi.endpoints.softlist.initiate(undefined, { subscribe: false }));
  return null;
}

/** The first letter an entry is filed under (digits and symbols under "#"). */
function letterOf(name: string): string {
  const c = name.trim().charAt(0).toLocaleUpperCase();
  return /\p{L}/u.test(c) ? c : '#';
}

/** /software/softlist: every published entry A–Z, compact. */
export default function SoftlistPage() {
  const { t } = useTranslation('software');
  const list = useSoftlistQuery();
  const groups = new Map<string, { slug: string; name: string }[]>();
  for (const e of list.data ?? []) {
    const l = letterOf(e.name);
    groups.set(l, [...(groups.get(l) ?? []), e]);
  }
  const letters = [...groups.keys()].sort((a, b) => (a === '#' ? -1 : b === '#' ? 1 : a.localeCompare(b)));
  return (
    <div className="section">
      <title>{t('softlist.title')}</title>
      <meta name="description" content={t('softlist.metaDescription')} />
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <p className="muted text-sm">
            <LocalizedLink to="/software">{t('detail.back')}</LocalizedLink>
          </p>
          <h1>{t('softlist.title')}</h1>
          <p className="lead">{t('softlist.lead', { count: list.data?.length ?? 0 })}</p>
        </header>
        {list.isError ? (
          <Banner tone="danger">{t('list.error')}</Banner>
        ) : !list.data ? (
          <LoadingBlock lines={6} />
        ) : list.data.length === 0 ? (
          <EmptyState title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
        ) : (
          <>
            <nav aria-label={t('softlist.letters')}>
              <ul className="tag-list">
                {letters.map((l) => (
                  <li key={l}>
                    <a className="tag" href={`#letter-${l === '#' ? 'other' : l}`}>
                      {l}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="softlist">
              {letters.map((l) => (
                <section key={l} className="softlist__group" aria-labelledby={`letter-${l === '#' ? 'other' : l}`}>
                  <h2 id={`letter-${l === '#' ? 'other' : l}`} className="softlist__letter">
                    {l}
                  </h2>
                  <ul className="softlist__items">
                    {groups.get(l)!.map((e) => (
                      <li key={e.slug}>
                        <LocalizedLink to={`/software/${e.slug}`}>{e.name}</LocalizedLink>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

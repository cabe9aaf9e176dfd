import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { softwareApi } from '#web/features/software/api.ts';
import { listArgsOf, SoftwareList } from '#web/features/software/software-list.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store, request }: PageLoaderArgs) {
  const url = new URL(request.url);
  await Promise.all([
    store.dispatch(softwareApi.endpoints.softwareList.initiate(listArgsOf(url.searchParams), { subscribe: false })),
    store.dispatch(softwareApi.endpoints.categories.initiate(undefined, { subscribe: false })),
  ]);
  return null;
}

/** /software: the catalogue. */
export default function SoftwareListPage() {
  const { t } = useTranslation('software');
  return (
    <div className="section">
      <title>{t('list.metaTitle')}</title>
      <meta name="description" content={t('list.metaDescription')} />
      <div className="container stack stack--lg">
        <header className="software-head">
          <div className="stack stack--sm">
            <h1>{t('list.title')}</h1>
            <p className="lead">{t('list.lead')}</p>
          </div>
          <div className="software-head__actions">
            <LocalizedLink className={buttonClassName('primary', 'lg')} to="/software/add">
              {t('list.add')}
            </LocalizedLink>
            <LocalizedLink to="/software/softlist">{t('list.softlist')}</LocalizedLink>
            <LocalizedLink to="/software/blog">{t('list.articles')}</LocalizedLink>
          </div>
        </header>
        <SoftwareList />
      </div>
    </div>
  );
}

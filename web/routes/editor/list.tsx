import { useTranslation } from '#web/lib/i18n-react.ts';
import { COLLECTION_INFO } from '#shared/contracts/content.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { contentApi } from '#web/features/content/api.ts';
import { collectionOfPath } from '#web/features/content/collection.ts';
import { EditorList } from '#web/features/content/editor-list.tsx';
import { EditorNav } from '#web/features/content/editor-nav.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, page }: PageLoaderArgs) {
  await store.dispatch(contentApi.endpoints.editorArticles.initiate({ collection: collectionOfPath(page.path), page: 0 }, { subscribe: false }));
  return null;
}

/** /editor/blog, /editor/h, /editor/software/blog: a section's articles for editors. */
export default function EditorListPage() {
  const { t } = useTranslation('content');
  const user = useCurrentUser();
  const { page } = useCurrentPage();
  const collection = collectionOfPath(page?.path ?? '/editor/blog');
  const title = t('editor.listTitle', { collection: t(`collections.${collection}.title`) });
  return (
    <div className="section">
      <title>{title}</title>
      <div className="container stack stack--lg">
        <header className="editor-head">
          <div className="stack stack--sm">
            <h1>{title}</h1>
            <p className="lead">{t('editor.listLead')}</p>
          </div>
          <LocalizedLink className={buttonClassName('primary', 'lg')} to={`${COLLECTION_INFO[collection].editorPath}/new`}>
            {t('editor.newArticle')}
          </LocalizedLink>
        </header>
        <EditorNav showDomains={Boolean(user?.permissions.admin)} />
        <EditorList collection={collection} />
      </div>
    </div>
  );
}

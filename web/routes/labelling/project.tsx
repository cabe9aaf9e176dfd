import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useParams } from 'react-router';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { labellingApi } from '#web/features/labelling/projects-api.ts';
import { ProjectDetail } from '#web/features/labelling/projects.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';

const idOf = (raw: string | undefined) => (/^\d{1,15}$/.test(raw ?? '') ? Number(raw) : null);

export async function loader({ store, params }: PageLoaderArgs) {
  const id = idOf(params.id);
  if (id === null) throw data(null, { status: 404 });
  const result = await store.dispatch(labellingApi.endpoints.labellingProject.initiate(id, { subscribe: false, forceRefetch: true }));
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  return null;
}

/** /data/projects/{id}: one labelling project. */
export default function LabellingProjectPage() {
  const { t } = useTranslation('labelling');
  const { lang } = useCurrentPage();
  const id = idOf(useParams().id) ?? 0;
  const name = labellingApi.useLabellingProjectQuery(id).data?.project.name;
  return (
    <>
      <title>{t('projects.meta.project', { name: name ?? '' })}</title>
      <div className="section">
        <div className="container stack stack--lg">
          <header className="stack stack--sm">
            <LocalizedLink to="/data/projects">{t('projects.back')}</LocalizedLink>
            <h1>{name ?? t('projects.title')}</h1>
          </header>
          <ProjectDetail id={id} lang={lang} />
        </div>
      </div>
    </>
  );
}

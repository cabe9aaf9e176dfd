import { useTranslation } from '#web/lib/i18n-react.ts';
import { ProjectList } from '#web/features/labelling/projects.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** /data/projects: the customer's labelling projects and a new one. */
export default function LabellingProjectsPage() {
  const { t } = useTranslation('labelling');
  const { lang } = useCurrentPage();
  return (
    <>
      <title>{t('projects.meta.title')}</title>
      <div className="section">
        <div className="container stack stack--lg">
          <header className="stack stack--sm">
            <h1>{t('projects.title')}</h1>
            <p className="text-secondary">{t('projects.lead')}</p>
          </header>
          <ProjectList lang={lang} />
        </div>
      </div>
    </>
  );
}

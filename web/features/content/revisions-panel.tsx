import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { EditorArticle, Revision } from '#shared/contracts/content.ts';
import { Button } from '#web/components/button/button.tsx';
import { Modal } from '#web/components/modal/modal.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useRestoreRevisionMutation, useRevisionsQuery } from './api.ts';

/** An article's revisions, newest first; restoring one (after confirmation) saves it as the current text. */
export function RevisionsPanel({ article, onRestored }: { article: EditorArticle; onRestored(article: EditorArticle): void }) {
  const { t, i18n } = useTranslation('content');
  const revisions = useRevisionsQuery(article.id);
  const [restore, restoring] = useRestoreRevisionMutation();
  const [chosen, setChosen] = useState<Revision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const confirm = async () => {
    if (!chosen) return;
    const res = await restore({ id: article.id, revisionId: chosen.id });
    setChosen(null);
    if ('error' in res) return setError(t('editor.errors.generic'));
    setError(null);
    onRestored(res.data);
  };
  return (
    <Card title={t('editor.revisions')} headingLevel={2}>
      {error && <Banner tone="danger">{error}</Banner>}
      {!revisions.data ? (
        revisions.isError ? <Banner tone="danger">{t('editor.error')}</Banner> : <LoadingBlock lines={2} />
      ) : revisions.data.length === 0 ? (
        <p className="muted">{t('editor.revisionsEmpty')}</p>
      ) : (
        <ol className="revision-list">
          {revisions.data.map((r) => (
            <li key={r.id} className="revision-list__item">
              <div>
                <span className="revision-list__title">
                  {r.language.toUpperCase()} · {r.title}
                </span>
                <span className="muted text-sm">{t('editor.revisionBy', { time: when(r.createdAt), author: r.authorName || t('editor.revisionNoAuthor') })}</span>
              </div>
              <Button type="button" variant="service" onClick={() => setChosen(r)} aria-label={`${t('editor.restore')}: ${r.title} (${when(r.createdAt)})`}>
                {t('editor.restore')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Modal
        open={chosen !== null}
        onClose={() => setChosen(null)}
        size="sm"
        title={t('editor.restoreTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setChosen(null)}>
              {t('editor.cancel')}
            </Button>
            <Button variant="primary" disabled={restoring.isLoading} onClick={() => void confirm()}>
              {t('editor.restore')}
            </Button>
          </>
        }
      >
        {chosen && <p>{t('editor.restoreText', { language: t(`editor.language.${chosen.language}`), title: chosen.title, time: when(chosen.createdAt) })}</p>}
      </Modal>
    </Card>
  );
}

import { useTranslation } from '#web/lib/i18n-react.ts';
import type { MistakeEvidence } from '#shared/contracts/moderation.ts';
import { evidenceMediaUrl } from './api.ts';
import { describeAnswer, formatUtc } from './answer.ts';

function Media({ item, typeName }: { item: MistakeEvidence; typeName: string }) {
  const { t } = useTranslation('moderation');
  if (!item.hasImage) return <div className="evidence__media evidence__media--none">{t('evidence.noImage')}</div>;
  if (item.type === 'audio') {
    return (
      <div className="evidence__media">
        <audio controls preload="none" src={evidenceMediaUrl(item.taskId)} aria-label={t('evidence.audioLabel', { id: item.taskId })} />
      </div>
    );
  }
  return (
    <a className="evidence__media" href={evidenceMediaUrl(item.taskId)} target="_blank" rel="noreferrer">
      <img src={evidenceMediaUrl(item.taskId)} alt={t('evidence.imageAlt', { id: item.taskId, type: typeName })} loading="lazy" />
    </a>
  );
}

/** The upheld mistakes behind a pause: what the worker saw, answered, and what was right. */
export function EvidenceList({ items, headingId }: { items: MistakeEvidence[]; headingId: string }) {
  const { t } = useTranslation(['moderation', 'pricing']);
  return (
    <section className="stack stack--sm" aria-labelledby={headingId}>
      <h3 id={headingId} className="moderation-card__subtitle">
        {t('evidence.title', { count: items.length })}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm muted">{t('evidence.none')}</p>
      ) : (
        <ol className="evidence-list">
          {items.map((item) => {
            const typeName = t(`pricing:types.${item.type}`, { defaultValue: item.type });
            return (
              <li key={`${item.taskId}-${item.at}`} className="evidence">
                <Media item={item} typeName={typeName} />
                <dl className="evidence__facts">
                  <div>
                    <dt>{t('evidence.task')}</dt>
                    <dd>
                      {typeName} <span className="mono muted">#{item.taskId}</span>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('evidence.when')}</dt>
                    <dd className="num">{formatUtc(item.at)}</dd>
                  </div>
                  {item.instructions && (
                    <div>
                      <dt>{t('evidence.instructions')}</dt>
                      <dd className="break">{item.instructions}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('evidence.answer')}</dt>
                    <dd className="mono break evidence__wrong">{describeAnswer(item.answer, t)}</dd>
                  </div>
                  <div>
                    <dt>{t('evidence.correct')}</dt>
                    <dd className="break">{item.correct ? <span className="mono">{describeAnswer(item.correct, t)}</span> : <span className="muted">{t('evidence.unknown')}</span>}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

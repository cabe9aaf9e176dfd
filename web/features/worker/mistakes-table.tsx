import { useTranslation } from '#web/lib/i18n-react.ts';
import type { TFunction } from 'i18next';
import type { MistakeRow } from '#shared/contracts/worker.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { formatUtc } from './format.ts';

const MAX_SHOWN = 80;

function shorten(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/** A stored answer in words: the text, the tiles, the points, the token… */
export function describeAnswer(answer: unknown, t: TFunction<'worker'>): string {
  if (answer === null || answer === undefined) return '—';
  if (typeof answer === 'string' || typeof answer === 'number') return shorten(String(answer));
  const a = answer as Record<string, unknown>;
  switch (a.kind) {
    case 'text':
      return shorten(String(a.text ?? ''));
    case 'grid':
      return t('mistakes.answer.grid', { cells: Array.isArray(a.cells) ? a.cells.join(', ') : '' });
    case 'points':
      return Array.isArray(a.points) ? shorten((a.points as { x: number; y: number }[]).map((p) => `(${p.x}, ${p.y})`).join(' ')) : '—';
    case 'rotate':
      return t('solver.rotate.angle', { angle: Number(a.angle) });
    case 'draw':
      return t('solver.draw.count', { count: Array.isArray(a.polylines) ? a.polylines.length : 0 });
    case 'box':
      return t('solver.box.count', { count: Array.isArray(a.boxes) ? a.boxes.length : 0 });
    case 'token':
      return shorten(String(a.token || JSON.stringify(a.extra ?? {})));
    case 'noMatch':
      return t('solver.noMatch');
    default:
      return shorten(JSON.stringify(answer));
  }
}

/** Answers customers reported as wrong, newest first. */
export function MistakesTable({ rows }: { rows: MistakeRow[] }) {
  const { t } = useTranslation('worker');
  if (rows.length === 0) {
    return (
      <EmptyState
        title={t('mistakes.emptyTitle')}
        description={t('mistakes.emptyText')}
        action={
          <LocalizedLink to="/cabinet" className="btn btn--secondary btn--md">
            {t('mistakes.backToWork')}
          </LocalizedLink>
        }
      />
    );
  }
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('mistakes.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('mistakes.columns.task')}</th>
            <th scope="col">{t('mistakes.columns.type')}</th>
            <th scope="col">{t('mistakes.columns.time')}</th>
            <th scope="col">{t('mistakes.columns.answer')}</th>
            <th scope="col">{t('mistakes.columns.correct')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.taskId}-${row.at}`}>
              <td className="num">{row.taskId}</td>
              <td>{t(`types.${row.type}`, { defaultValue: row.type })}</td>
              <td className="nowrap num">{formatUtc(row.at)}</td>
              <td className="mono break">{describeAnswer(row.answer, t)}</td>
              <td className="mono break">{row.correct === null ? <span className="muted">{t('mistakes.unknown')}</span> : describeAnswer(row.correct, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

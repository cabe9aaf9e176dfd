import { useTranslation } from '#web/lib/i18n-react.ts';
import type { BanRow, DocParam, ErrorRow } from '#shared/contracts/api-docs.ts';

function limitsOf(p: DocParam, t: (k: string, o?: Record<string, unknown>) => string): string {
  const parts: string[] = [];
  if (p.oneOf) parts.push(t('table.oneOf', { values: p.oneOf.join(', ') }));
  if (p.type === 'base64' && p.max !== undefined && p.max > 1024) parts.push(t('table.bytes', { kb: Math.round(p.max / 1024) }));
  else if (p.min !== undefined && p.max !== undefined) parts.push(t('table.range', { min: p.min, max: p.max }));
  else if (p.max !== undefined) parts.push(t('table.atMost', { max: p.max }));
  else if (p.min !== undefined) parts.push(t('table.atLeast', { min: p.min }));
  return parts.join('; ');
}

/** A generated parameter table: name (and aliases), type, required, default, limits, description, errors. */
export function ParamTable({ params, caption, testId }: { params: DocParam[]; caption: string; testId?: string }) {
  const { t } = useTranslation('apidocs');
  return (
    <div className="table-wrap">
      <table className="table docs-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.name')}</th>
            <th scope="col">{t('table.type')}</th>
            <th scope="col">{t('table.required')}</th>
            <th scope="col">{t('table.description')}</th>
          </tr>
        </thead>
        <tbody>
          {params.map((p) => {
            const limits = limitsOf(p, t);
            return (
              <tr key={p.name}>
                <th scope="row" className="docs-table__name">
                  <code>{p.name}</code>
                  {p.aliases.length > 0 && <span className="docs-table__aliases">{t('table.also', { names: p.aliases.join(', ') })}</span>}
                </th>
                <td><code className="docs-table__type">{p.type}</code></td>
                <td>{p.required ? <strong>{t('table.yes')}</strong> : t('table.no')}</td>
                <td className="docs-table__description">
                  {p.description}
                  {(p.default !== undefined || limits) && (
                    <span className="docs-table__meta">
                      {p.default !== undefined && <>{t('table.default')}: <code>{p.default}</code>{limits ? '; ' : ''}</>}
                      {limits}
                    </span>
                  )}
                  {p.errors.length > 0 && (
                    <span className="docs-table__meta">
                      {t('table.errors')}: {p.errors.map((e, i) => <span key={e}>{i > 0 && ', '}<code>{e}</code></span>)}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** An error table: code (and v2 errorId), meaning, what to do. */
export function ErrorTable({ rows, withId = false, testId }: { rows: ErrorRow[]; withId?: boolean; testId?: string }) {
  const { t } = useTranslation('apidocs');
  return (
    <div className="table-wrap">
      <table className="table docs-table" data-testid={testId}>
        <thead>
          <tr>
            {withId && <th scope="col" className="num">{t('table.id')}</th>}
            <th scope="col">{t('table.code')}</th>
            <th scope="col">{t('table.meaning')}</th>
            <th scope="col">{t('table.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.errorId ?? ''}${r.code}`}>
              {withId && <td className="num">{r.errorId}</td>}
              <th scope="row"><code>{r.code}</code></th>
              <td>{r.description}</td>
              <td>{r.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BanTable({ rows }: { rows: BanRow[] }) {
  const { t } = useTranslation('apidocs');
  return (
    <div className="table-wrap">
      <table className="table docs-table" data-testid="ban-table">
        <thead>
          <tr>
            <th scope="col">{t('table.code')}</th>
            <th scope="col">{t('table.trigger')}</th>
            <th scope="col">{t('table.ban')}</th>
            <th scope="col">{t('table.v2Code')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.code}>
              <th scope="row"><code>{r.code}</code></th>
              <td>{r.trigger}</td>
              <td>{r.ban}</td>
              <td><code>{r.v2Code}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

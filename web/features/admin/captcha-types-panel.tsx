import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { AdminCaptchaType } from '#shared/contracts/catalog.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCaptchaTypesQuery, useSetCaptchaTypeEnabledMutation } from './api.ts';
import { adminErrorKey, formatUsd, formatUtc } from './logic.ts';

type Notice = { tone: 'success' | 'danger'; text: string } | null;

/**
 * Every captcha type with a switch: an admin turns a type off (new submissions are refused with
 * the protocol's error) or back on. The switch moves at once and settles on the server's answer;
 * while a change is in flight that switch is locked, so two clicks cannot race.
 */
export function CaptchaTypesPanel() {
  const { t } = useTranslation(['admin', 'pricing']);
  const { data, error, isLoading, isFetching, refetch } = useCaptchaTypesQuery();
  const [setEnabled] = useSetCaptchaTypeEnabledMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const nameOf = (slug: string) => t(`pricing:types.${slug}`, { defaultValue: slug });

  const toggle = async (row: AdminCaptchaType) => {
    const enabled = !row.enabled;
    const name = nameOf(row.slug);
    setNotice(null);
    setPending((s) => new Set(s).add(row.slug));
    const result = await setEnabled({ slug: row.slug, enabled });
    setPending((s) => {
      const next = new Set(s);
      next.delete(row.slug);
      return next;
    });
    if ('error' in result) {
      setNotice({ tone: 'danger', text: t('captchaTypes.failed', { name, reason: t(adminErrorKey(result.error)) }) });
    } else {
      setNotice({ tone: 'success', text: t(enabled ? 'captchaTypes.done.on' : 'captchaTypes.done.off', { name }) });
    }
  };

  if (isLoading) {
    return (
      <div className="stack stack--sm" aria-busy="true">
        <Spinner size="sm" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height="2.75rem" />
        ))}
      </div>
    );
  }
  if (!data) {
    return (
      <Banner tone="danger" role="alert">
        <div className="stack stack--sm">
          <p>
            {t('captchaTypes.loadFailed')} {t(adminErrorKey(error))}
          </p>
          <div>
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          </div>
        </div>
      </Banner>
    );
  }
  if (data.length === 0) return <EmptyState headingLevel={3} title={t('captchaTypes.empty')} />;

  const off = data.filter((r) => !r.enabled).length;
  return (
    <div className="stack">
      <div className="cluster cluster--between">
        <p className="text-sm text-secondary">{t('captchaTypes.lead')}</p>
        <Button variant="secondary" onClick={() => void refetch()} loading={isFetching}>
          {t('captchaTypes.refresh')}
        </Button>
      </div>
      <p className="text-sm">{t('captchaTypes.summary', { count: data.length, off })}</p>
      <div role="alert" className="form-message">
        {notice?.tone === 'danger' && <Banner tone="danger">{notice.text}</Banner>}
      </div>
      <div role="status" className="form-message">
        {notice?.tone === 'success' && <Banner tone="success">{notice.text}</Banner>}
      </div>
      <div className="table-wrap">
        <table className="table admin-table captcha-types-table">
          <caption className="visually-hidden">{t('captchaTypes.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('captchaTypes.columns.type')}</th>
              <th scope="col">{t('captchaTypes.columns.accepting')}</th>
              <th scope="col" className="num">
                {t('captchaTypes.columns.price')}
              </th>
              <th scope="col" className="num">
                {t('captchaTypes.columns.queued')}
              </th>
              <th scope="col">{t('captchaTypes.columns.kind')}</th>
              <th scope="col">{t('captchaTypes.columns.changed')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => {
              const name = nameOf(row.slug);
              const busy = pending.has(row.slug);
              return (
                <tr key={row.slug} className={row.enabled ? undefined : 'is-off'}>
                  <th scope="row">
                    <span className="captcha-types-table__name">
                      <span>{name}</span>
                      <span className="mono text-xs muted">{row.slug}</span>
                    </span>
                  </th>
                  <td>
                    <label className="switch">
                      <input
                        type="checkbox"
                        role="switch"
                        className="switch__input"
                        checked={row.enabled}
                        disabled={busy}
                        aria-label={t('captchaTypes.switchLabel', { name })}
                        onChange={() => void toggle(row)}
                      />
                      <span className="switch__track" aria-hidden="true">
                        <span className="switch__thumb" />
                      </span>
                      <span className="switch__text" aria-hidden="true">
                        {row.enabled ? t('captchaTypes.on') : t('captchaTypes.off')}
                      </span>
                    </label>
                  </td>
                  <td className="num nowrap">{formatUsd(row.pricePer1000)}</td>
                  <td className="num">{row.queued}</td>
                  <td>{t(`captchaTypes.kinds.${row.kind}`)}</td>
                  <td className="text-sm nowrap">
                    {row.updatedAt ? (
                      <>
                        <span className="num">{formatUtc(row.updatedAt)}</span>
                        {row.updatedBy !== null && <span className="muted"> · {t('captchaTypes.by', { id: row.updatedBy })}</span>}
                      </>
                    ) : (
                      <span className="muted">{t('captchaTypes.never')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

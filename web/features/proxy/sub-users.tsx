import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ProxySubUserSecret, ProxySubUserView } from '#shared/contracts/proxy.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { useCreateProxySubUserMutation, useGetProxySubUsersQuery, useRotateProxyPasswordMutation, useUpdateProxySubUserMutation } from './api.ts';
import { formatBytes, proxyErrorKey } from './format.ts';

const GB = 1_000_000_000;
/** "1.5" → 1.5; "" → null (no cap); anything else → undefined (invalid). */
function parseGb(text: string): number | null | undefined {
  if (!text.trim()) return null;
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(text.trim())) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}
function parseConnections(text: string): number | null | undefined {
  if (!text.trim()) return null;
  return /^\d{1,5}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 10_000 ? Number(text) : undefined;
}

function SecretNotice({ secret, onClose }: { secret: ProxySubUserSecret; onClose(): void }) {
  const { t } = useTranslation('proxy');
  return (
    <Banner tone="success" role="status" data-testid="sub-user-secret">
      <div className="stack stack--sm">
        <p><strong>{t('users.secretTitle', { login: secret.subUser.login })}</strong></p>
        <p>{t('users.secretText')}</p>
        <div className="cluster">
          <code className="proxy-secret" data-testid="sub-user-password">{secret.password}</code>
          <CopyButton value={secret.password} label={t('users.copyPassword')} copiedLabel={t('generator.copied')} failedLabel={t('generator.copyFailed')} />
          <Button variant="tertiary" onClick={onClose}>{t('users.hide')}</Button>
        </div>
      </div>
    </Banner>
  );
}

function SubUserRow({ sub, onSecret }: { sub: ProxySubUserView; onSecret(s: ProxySubUserSecret): void }) {
  const { t, i18n } = useTranslation('proxy');
  const [update, updating] = useUpdateProxySubUserMutation();
  const [rotate, rotating] = useRotateProxyPasswordMutation();
  const [limit, setLimit] = useState(sub.trafficLimit === null ? '' : String(sub.trafficLimit / GB));
  const [conns, setConns] = useState(sub.maxConnections === null ? '' : String(sub.maxConnections));
  const gb = parseGb(limit);
  const c = parseConnections(conns);
  const used = sub.bytesUp + sub.bytesDown;
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (gb === undefined || c === undefined) return;
    void update({ id: sub.id, trafficLimitGb: gb, maxConnections: c });
  };
  const error = updating.isError ? updating.error : rotating.isError ? rotating.error : null;
  return (
    <tr data-login={sub.login}>
      <th scope="row">
        <code>{sub.login}</code>
        {sub.label && <div className="text-sm muted">{sub.label}</div>}
        {sub.disabled && <Badge tone="warning">{t('users.disabled')}</Badge>}
      </th>
      <td className="num">
        {formatBytes(used, i18n.language)}
        {sub.trafficLimit !== null && <div className="text-sm muted">{t('users.ofLimit', { limit: formatBytes(sub.trafficLimit, i18n.language) })}</div>}
      </td>
      <td>
        <form className="proxy-inline-form" onSubmit={save} aria-label={t('users.limitsOf', { login: sub.login })}>
          <Field label={t('users.limitGb')} error={gb === undefined ? t('users.badLimit') : undefined}>
            <TextInput inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} placeholder={t('users.noLimit')} />
          </Field>
          <Field label={t('users.connections')} error={c === undefined ? t('users.badConnections') : undefined}>
            <TextInput inputMode="numeric" value={conns} onChange={(e) => setConns(e.target.value)} placeholder={t('users.defaultConnections')} />
          </Field>
          <Button type="submit" variant="secondary" disabled={updating.isLoading || gb === undefined || c === undefined}>{t('users.save')}</Button>
        </form>
        {error != null && <p className="text-sm proxy-error" role="alert">{t(proxyErrorKey(error))}</p>}
      </td>
      <td>
        <div className="cluster cluster--sm">
          <Button variant="secondary" disabled={rotating.isLoading} onClick={() => void rotate(sub.id).then((r) => 'data' in r && r.data && onSecret(r.data))}>
            {t('users.rotate')}
          </Button>
          <Button variant={sub.disabled ? 'secondary' : 'tertiary'} disabled={updating.isLoading} onClick={() => void update({ id: sub.id, disabled: !sub.disabled })}>
            {sub.disabled ? t('users.enable') : t('users.disable')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** /proxy/users: sub-users (proxy logins) — create, caps, password rotation, disable. */
export function SubUsers() {
  const { t } = useTranslation('proxy');
  const list = useGetProxySubUsersQuery();
  const [create, creating] = useCreateProxySubUserMutation();
  const [label, setLabel] = useState('');
  const [limit, setLimit] = useState('');
  const [conns, setConns] = useState('');
  const [secret, setSecret] = useState<ProxySubUserSecret | null>(null);
  const gb = parseGb(limit);
  const c = parseConnections(conns);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (gb === undefined || c === undefined) return;
    const res = await create({ label: label.trim(), trafficLimitGb: gb, maxConnections: c });
    if ('data' in res && res.data) {
      setSecret(res.data);
      setLabel('');
      setLimit('');
      setConns('');
    }
  };
  return (
    <div className="stack stack--lg">
      {secret && <SecretNotice secret={secret} onClose={() => setSecret(null)} />}
      <Card title={t('users.createTitle')} description={t('users.createLead')}>
        <form className="stack" onSubmit={submit} data-testid="sub-user-create">
          <div className="proxy-form-row">
            <Field label={t('users.label')} optional>
              <TextInput value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
            </Field>
            <Field label={t('users.limitGb')} optional error={gb === undefined ? t('users.badLimit') : undefined}>
              <TextInput inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} />
            </Field>
            <Field label={t('users.connections')} optional error={c === undefined ? t('users.badConnections') : undefined}>
              <TextInput inputMode="numeric" value={conns} onChange={(e) => setConns(e.target.value)} />
            </Field>
          </div>
          <div className="cluster">
            <Button type="submit" loading={creating.isLoading} disabled={creating.isLoading || gb === undefined || c === undefined}>{t('users.create')}</Button>
          </div>
          <FormMessage error={creating.isError ? t(proxyErrorKey(creating.error)) : null} />
        </form>
      </Card>
      <Card title={t('users.listTitle')}>
        {list.isLoading ? (
          <LoadingBlock lines={3} />
        ) : list.isError || !list.data ? (
          <Banner tone="danger" role="alert">{t(proxyErrorKey(list.error))} <Button variant="secondary" onClick={() => void list.refetch()}>{t('retry')}</Button></Banner>
        ) : list.data.length === 0 ? (
          <EmptyState title={t('users.empty')} description={t('users.emptyText')} />
        ) : (
          <div className="table-wrap">
            <table className="table table--compact proxy-users" data-testid="sub-users">
              <thead>
                <tr>
                  <th scope="col">{t('users.columns.login')}</th>
                  <th scope="col" className="num">{t('users.columns.used')}</th>
                  <th scope="col">{t('users.columns.limits')}</th>
                  <th scope="col">{t('users.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((s) => (
                  <SubUserRow key={s.id} sub={s} onSecret={setSecret} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

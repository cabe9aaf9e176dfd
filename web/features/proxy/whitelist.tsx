import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { useAddProxyWhitelistMutation, useGetMyIpQuery, useGetProxySubUsersQuery, useGetProxyWhitelistQuery, useRemoveProxyWhitelistMutation } from './api.ts';
import { proxyErrorKey } from './format.ts';

/** /proxy/ip-whitelist: addresses and CIDR ranges that connect without a password, per sub-user. */
export function IpWhitelist() {
  const { t, i18n } = useTranslation('proxy');
  const list = useGetProxyWhitelistQuery();
  const subs = useGetProxySubUsersQuery();
  const myIp = useGetMyIpQuery();
  const [add, adding] = useAddProxyWhitelistMutation();
  const [remove, removing] = useRemoveProxyWhitelistMutation();
  const [ip, setIp] = useState('');
  const [subId, setSubId] = useState<number | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const active = subs.data?.filter((s) => !s.disabled) ?? [];
  const chosen = active.find((s) => s.id === subId) ?? active[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    if (!chosen) return;
    const res = await add({ ip, subUserId: chosen.id });
    if ('data' in res && res.data) {
      setAdded(t('whitelist.added', { cidr: res.data.cidr }));
      setIp('');
    }
  };

  if (list.isLoading || subs.isLoading) return <LoadingBlock lines={4} />;
  if (list.isError || !list.data || subs.isError) {
    return <Banner tone="danger" role="alert">{t(proxyErrorKey(list.error ?? subs.error))} <Button variant="secondary" onClick={() => void list.refetch()}>{t('retry')}</Button></Banner>;
  }
  return (
    <div className="stack stack--lg">
      <Card title={t('whitelist.addTitle')} description={t('whitelist.addLead')}>
        {!chosen ? (
          <p className="muted">{t('whitelist.needUser')}</p>
        ) : (
          <form className="stack" onSubmit={submit} noValidate data-testid="whitelist-add">
            <div className="proxy-form-row">
              <Field label={t('whitelist.ip')} hint={t('whitelist.ipHint')}>
                <TextInput mono value={ip} onChange={(e) => setIp(e.target.value)} placeholder="203.0.113.7 / 203.0.113.0/24" />
              </Field>
              <Field label={t('whitelist.subUser')}>
                <select className="input select" value={chosen.id} onChange={(e) => setSubId(Number(e.target.value))}>
                  {active.map((s) => (
                    <option key={s.id} value={s.id}>{s.label ? `${s.login} (${s.label})` : s.login}</option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="cluster">
              <Button type="submit" loading={adding.isLoading} disabled={adding.isLoading}>{t('whitelist.add')}</Button>
              {myIp.data && (
                <Button variant="tertiary" onClick={() => setIp(myIp.data!.ip)}>{t('whitelist.useMine', { ip: myIp.data.ip })}</Button>
              )}
            </div>
            <FormMessage error={adding.isError ? t(proxyErrorKey(adding.error)) : null} success={added} />
          </form>
        )}
      </Card>
      <Card title={t('whitelist.listTitle', { n: list.data.entries.length, max: list.data.max })}>
        {list.data.entries.length === 0 ? (
          <EmptyState title={t('whitelist.empty')} description={t('whitelist.emptyText')} />
        ) : (
          <div className="table-wrap">
            <table className="table table--compact" data-testid="whitelist">
              <thead>
                <tr>
                  <th scope="col">{t('whitelist.columns.range')}</th>
                  <th scope="col">{t('whitelist.columns.subUser')}</th>
                  <th scope="col">{t('whitelist.columns.added')}</th>
                  <th scope="col"><span className="visually-hidden">{t('whitelist.columns.actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {list.data.entries.map((e) => (
                  <tr key={e.id}>
                    <th scope="row"><code>{e.cidr}</code></th>
                    <td><code>{e.login}</code></td>
                    <td>{new Date(e.createdAt).toLocaleDateString(i18n.language, { timeZone: 'UTC' })}</td>
                    <td>
                      <Button variant="tertiary" disabled={removing.isLoading} onClick={() => void remove(e.id)} aria-label={t('whitelist.removeOf', { cidr: e.cidr })}>
                        {t('whitelist.remove')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

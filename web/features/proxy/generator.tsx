import { useMemo, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ProxyGatewayInfo, ProxySubUserView } from '#shared/contracts/proxy.ts';
import { PROXY_COUNTRIES, PROXY_PLAN_TYPES, PROXY_PROTOCOLS, SESSION_LIFETIME, formatProxyUsername, type ProxyPlanType, type ProxyProtocol } from '#shared/proxy/catalog.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';

const SESSION_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
function sessionId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => SESSION_ALPHABET[b % SESSION_ALPHABET.length]).join('');
}

/**
 * The connection generator: protocol, sub-user, type, country, rotating or sticky sessions and a
 * count → `host:port:user:pass` lines and a curl example. Passwords are stored hashed, so the
 * customer types the sub-user's password (shown once on /proxy/users); it never leaves the page.
 */
export function ConnectionGenerator({ gateway, subUsers }: { gateway: ProxyGatewayInfo; subUsers: ProxySubUserView[] }) {
  const { t } = useTranslation('proxy');
  const active = subUsers.filter((s) => !s.disabled);
  const [protocol, setProtocol] = useState<ProxyProtocol>('http');
  const [subId, setSubId] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [planType, setPlanType] = useState<ProxyPlanType>('residential');
  const [country, setCountry] = useState('');
  const [sticky, setSticky] = useState(false);
  const [lifetime, setLifetime] = useState(String(SESSION_LIFETIME.default));
  const [count, setCount] = useState('10');
  const [seed, setSeed] = useState(0);
  const sub = active.find((s) => s.id === subId) ?? active[0];
  const n = /^\d{1,4}$/.test(count) ? Math.min(2000, Math.max(1, Number(count))) : 1;
  const life = /^\d{1,3}$/.test(lifetime) ? Math.min(SESSION_LIFETIME.max, Math.max(SESSION_LIFETIME.min, Number(lifetime))) : SESSION_LIFETIME.default;
  const port = protocol === 'socks5' ? gateway.socksPort : gateway.httpPort;

  const lines = useMemo(() => {
    if (!sub) return [];
    const pass = password || 'PASSWORD';
    return Array.from({ length: n }, () => {
      const user = formatProxyUsername({ login: sub.login, planType, ...(country ? { country } : {}), ...(sticky ? { session: sessionId(), lifetime: life } : {}) });
      return `${gateway.host}:${port}:${user}:${pass}`;
    });
    // `seed` regenerates the session ids on demand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sub, password, n, planType, country, sticky, life, port, gateway.host, seed]);

  if (!sub) {
    return (
      <Card title={t('generator.title')}>
        <EmptyState title={t('generator.noUsers')} description={t('generator.noUsersText')} action={<LocalizedLink to="/proxy/users" className="link">{t('generator.toUsers')}</LocalizedLink>} />
      </Card>
    );
  }
  const first = lines[0]?.split(':') ?? [];
  const scheme = protocol === 'socks5' ? 'socks5h' : 'http';
  const curl = `curl -x ${scheme}://${first[2]}:${first[3]}@${gateway.host}:${port} https://api.ipify.org`;
  const text = lines.join('\n');

  return (
    <Card title={t('generator.title')} description={t('generator.lead')}>
      <div className="stack">
        <div className="proxy-form-row">
          <Field label={t('generator.protocol')}>
            <select className="input select" value={protocol} onChange={(e) => setProtocol(e.target.value as ProxyProtocol)}>
              {PROXY_PROTOCOLS.map((p) => (
                <option key={p} value={p}>{t(`protocols.${p}`)}</option>
              ))}
            </select>
          </Field>
          <Field label={t('generator.subUser')}>
            <select className="input select" value={sub.id} onChange={(e) => setSubId(Number(e.target.value))} data-testid="generator-sub-user">
              {active.map((s) => (
                <option key={s.id} value={s.id}>{s.label ? `${s.login} (${s.label})` : s.login}</option>
              ))}
            </select>
          </Field>
          <Field label={t('generator.password')} hint={t('generator.passwordHint')}>
            <TextInput mono autoComplete="off" spellCheck={false} value={password} onChange={(e) => setPassword(e.target.value.trim())} data-testid="generator-password" />
          </Field>
        </div>
        <div className="proxy-form-row">
          <Field label={t('generator.type')}>
            <select className="input select" value={planType} onChange={(e) => setPlanType(e.target.value as ProxyPlanType)}>
              {PROXY_PLAN_TYPES.map((p) => (
                <option key={p} value={p}>{t(`types.${p}.name`)}</option>
              ))}
            </select>
          </Field>
          <Field label={t('generator.country')}>
            <select className="input select" value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">{t('countries.mixed')}</option>
              {PROXY_COUNTRIES.map((c) => (
                <option key={c} value={c}>{t(`countries.${c}.name`)}</option>
              ))}
            </select>
          </Field>
          <Field label={t('generator.session')} hint={t('generator.sessionHint')}>
            <select className="input select" value={sticky ? 'sticky' : 'rotating'} onChange={(e) => setSticky(e.target.value === 'sticky')}>
              <option value="rotating">{t('generator.rotating')}</option>
              <option value="sticky">{t('generator.sticky')}</option>
            </select>
          </Field>
          {sticky && (
            <Field label={t('generator.lifetime', { min: SESSION_LIFETIME.min, max: SESSION_LIFETIME.max })}>
              <TextInput inputMode="numeric" value={lifetime} onChange={(e) => setLifetime(e.target.value.trim())} />
            </Field>
          )}
          <Field label={t('generator.count')}>
            <TextInput inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value.trim())} data-testid="generator-count" />
          </Field>
        </div>
        <Field label={t('generator.list', { count: lines.length })}>
          <textarea className="input proxy-list" readOnly rows={Math.min(10, Math.max(3, lines.length))} value={text} data-testid="generator-list" />
        </Field>
        <div className="cluster">
          <CopyButton value={text} label={t('generator.copy')} copiedLabel={t('generator.copied')} failedLabel={t('generator.copyFailed')} />
          {sticky && (
            <Button variant="tertiary" onClick={() => setSeed((s) => s + 1)}>
              {t('generator.newSessions')}
            </Button>
          )}
        </div>
        <div className="stack stack--sm">
          <p className="text-sm muted">{t('generator.curl')}</p>
          <pre className="proxy-code" data-testid="generator-curl"><code>{curl}</code></pre>
        </div>
      </div>
    </Card>
  );
}

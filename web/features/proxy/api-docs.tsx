import { useTranslation } from '#web/lib/i18n-react.ts';
import {
  GATEWAY_ERRORS,
  PROXY_COUNTRIES,
  PROXY_PLAN_TYPES,
  SESSION_LIFETIME,
  type GatewayError,
} from '#shared/proxy/catalog.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';

const ENDPOINTS = [
  ['GET', '/api/v2/proxy/prices', 'prices'],
  ['GET', '/api/v2/proxy/overview', 'overview'],
  ['POST', '/api/v2/proxy/purchases', 'purchases'],
  ['GET', '/api/v2/proxy/sub-users', 'subUsers'],
  ['POST', '/api/v2/proxy/sub-users', 'createSubUser'],
  ['PUT', '/api/v2/proxy/sub-users/{id}', 'updateSubUser'],
  ['POST', '/api/v2/proxy/sub-users/{id}/password', 'rotate'],
  ['GET', '/api/v2/proxy/whitelist', 'whitelist'],
  ['POST', '/api/v2/proxy/whitelist', 'addWhitelist'],
  ['DELETE', '/api/v2/proxy/whitelist/{id}', 'removeWhitelist'],
  ['GET', '/api/v2/proxy/statistics', 'statistics'],
  ['GET', '/api/v2/proxy/statistics.csv', 'statisticsCsv'],
] as const;

/**
 * /proxy/api: how to connect (ports, username targeting, sticky sessions), the gateway's errors
 * (from the shared catalogue the gateway answers with) and the site API of the proxy console.
 */
export function ProxyApiDocs({ host, httpPort, socksPort }: { host: string; httpPort: number; socksPort: number }) {
  const { t } = useTranslation('proxy');
  const keys = [
    ['type', PROXY_PLAN_TYPES.join(', ')],
    ['country', `${PROXY_COUNTRIES.join(', ')}, mixed`],
    ['session', '[A-Za-z0-9]{1,32}'],
    ['lifetime', `${SESSION_LIFETIME.min}–${SESSION_LIFETIME.max}`],
  ] as const;
  return (
    <div className="stack stack--lg proxy-docs">
      <Card title={t('docs.connect')}>
        <div className="stack">
          <p>{t('docs.connectText')}</p>
          <dl className="proxy-dl">
            <dt>{t('docs.host')}</dt>
            <dd>
              <code>{host}</code>
            </dd>
            <dt>{t('docs.httpPort')}</dt>
            <dd>
              <code>{httpPort}</code>
            </dd>
            <dt>{t('docs.socksPort')}</dt>
            <dd>
              <code>{socksPort}</code>
            </dd>
          </dl>
          <p>{t('docs.auth')}</p>
        </div>
      </Card>
      <Card title={t('docs.username')}>
        <div className="stack">
          <p>{t('docs.usernameText')}</p>
          <pre className="proxy-code">
            <code>{'LOGIN[-type-TYPE][-country-CC][-session-ID[-lifetime-MINUTES]]'}</code>
          </pre>
          <div className="table-wrap">
            <table className="table table--compact">
              <thead>
                <tr>
                  <th scope="col">{t('docs.key')}</th>
                  <th scope="col">{t('docs.values')}</th>
                  <th scope="col">{t('docs.meaning')}</th>
                </tr>
              </thead>
              <tbody>
                {keys.map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">
                      <code>{k}</code>
                    </th>
                    <td>
                      <code>{v}</code>
                    </td>
                    <td>{t(`docs.keys.${k}`, { default: SESSION_LIFETIME.default })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm muted">{t('docs.examplesTitle')}</p>
          <pre className="proxy-code">
            <code>
              {[
                `curl -x http://u1a2b3c4d-type-residential-country-de:PASSWORD@${host}:${httpPort} https://api.ipify.org`,
                `curl -x http://u1a2b3c4d-type-mobile-country-us-session-shop42-lifetime-60:PASSWORD@${host}:${httpPort} https://api.ipify.org`,
                `curl -x socks5h://u1a2b3c4d-type-datacenter:PASSWORD@${host}:${socksPort} https://api.ipify.org`,
                `curl -x http://${host}:${httpPort} https://api.ipify.org   # ${t('docs.whitelistedComment')}`,
              ].join('\n')}
            </code>
          </pre>
        </div>
      </Card>
      <Card title={t('docs.errors')}>
        <div className="table-wrap">
          <table className="table table--compact" data-testid="gateway-errors">
            <thead>
              <tr>
                <th scope="col">{t('docs.code')}</th>
                <th scope="col">HTTP</th>
                <th scope="col">SOCKS5</th>
                <th scope="col">{t('docs.meaning')}</th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(GATEWAY_ERRORS) as GatewayError[]).map((code) => (
                <tr key={code}>
                  <th scope="row">
                    <code>{code}</code>
                  </th>
                  <td className="num">{GATEWAY_ERRORS[code].http}</td>
                  <td>
                    <code>{GATEWAY_ERRORS[code].socks}</code>
                  </td>
                  <td>{t(`docs.gatewayErrors.${code}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title={t('docs.limits')}>
        <ul className="proxy-points">
          {(t('docs.limitsList', { returnObjects: true }) as string[]).map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </Card>
      <Card title={t('docs.api')}>
        <div className="stack">
          <p>{t('docs.apiText')}</p>
          <div className="table-wrap">
            <table className="table table--compact">
              <thead>
                <tr>
                  <th scope="col">{t('docs.method')}</th>
                  <th scope="col">{t('docs.path')}</th>
                  <th scope="col">{t('docs.meaning')}</th>
                </tr>
              </thead>
              <tbody>
                {ENDPOINTS.map(([m, p, k]) => (
                  <tr key={`${m} ${p}`}>
                    <td>
                      <code>{m}</code>
                    </td>
                    <th scope="row">
                      <code>{p}</code>
                    </th>
                    <td>{t(`docs.endpoints.${k}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm muted">
            {t('docs.whitelistErrors')}{' '}
            <LocalizedLink to="/proxy/ip-whitelist" className="link">
              {t('nav.whitelist')}
            </LocalizedLink>
          </p>
        </div>
      </Card>
    </div>
  );
}

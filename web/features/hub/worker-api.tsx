import { useTranslation } from '#web/lib/i18n-react.ts';

/** The HTTP reads and writes the worker cabinet uses (server/surfaces/site-api/worker.routes.ts). */
const HTTP = [
  ['GET', '/api/v2/worker', 'summary'],
  ['PUT', '/api/v2/worker/languages', 'languages'],
  ['GET', '/api/v2/worker/training', 'training'],
  ['POST', '/api/v2/worker/training/exam', 'exam'],
  ['GET', '/api/v2/worker/mistakes', 'mistakes'],
  ['GET', '/api/v2/hub/profile', 'hubProfile'],
] as const;

/** /ws messages (shared/contracts/realtime.ts). */
const CLIENT = [
  ['{"type":"start"}', 'start'],
  ['{"type":"answer","taskId":1000000042,"answer":{…}}', 'answer'],
  ['{"type":"skip","taskId":1000000042,"reason":"skipped"}', 'skip'],
  ['{"type":"stop"}', 'stop'],
] as const;
const SERVER = [
  ['ready', 'ready'],
  ['offer', 'offer'],
  ['waiting', 'waiting'],
  ['accepted', 'accepted'],
  ['released', 'released'],
  ['error', 'error'],
] as const;

/** The worker API, documented as it is: a signed-in session, JSON over HTTP and one WebSocket. */
export function WorkerApiReference() {
  const { t } = useTranslation('hub');
  return (
    <section className="stack hub-api" aria-labelledby="worker-api">
      <h2 id="worker-api">{t('api.title')}</h2>
      <p>{t('api.intro')}</p>
      <h3>{t('api.httpTitle')}</h3>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('api.request')}</th>
              <th scope="col">{t('api.purpose')}</th>
            </tr>
          </thead>
          <tbody>
            {HTTP.map(([method, path, key]) => (
              <tr key={path + method}>
                <td className="mono">
                  {method} {path}
                </td>
                <td>{t(`api.http.${key}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('api.wsTitle')}</h3>
      <p>{t('api.wsIntro')}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('api.clientSends')}</th>
              <th scope="col">{t('api.purpose')}</th>
            </tr>
          </thead>
          <tbody>
            {CLIENT.map(([msg, key]) => (
              <tr key={key}>
                <td className="mono hub-code">{msg}</td>
                <td>{t(`api.client.${key}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('api.serverSends')}</th>
              <th scope="col">{t('api.purpose')}</th>
            </tr>
          </thead>
          <tbody>
            {SERVER.map(([type, key]) => (
              <tr key={key}>
                <td className="mono">{type}</td>
                <td>{t(`api.server.${key}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm muted">{t('api.rules')}</p>
    </section>
  );
}

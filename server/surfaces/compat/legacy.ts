/**
 * 2captcha's legacy XML answers: res.php?action=getstats (the account's usage per hour of a day)
 * and /load.php (the queue at a glance). Old clients parse them as XML (api-protocol.md §0, §1.6).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMoney } from '#shared/money.ts';
import { dayUsage, queueLoad } from '#server/modules/tasks/usage.service.ts';

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('text/xml; charset=utf-8').send(PROLOG + xml);
}

/** res.php?action=getstats&date=YYYY-MM-DD: one <stats> per UTC hour, with the tasks submitted and the money kept. */
export async function sendDayStats(req: FastifyRequest, reply: FastifyReply, customerId: number, date: unknown) {
  const usage = await dayUsage(req.ctx, customerId, date === undefined ? undefined : String(date));
  const rows = usage.hours.map((h) => {
    const hour = String(h.hour).padStart(2, '0');
    return `<stats dateint="${Math.floor(h.start.getTime() / 1000)}" date="${usage.date}" hour="${hour}"><volume>${h.volume}</volume><money>${formatMoney(h.money)}</money></stats>`;
  });
  return sendXml(reply, `<response>\n${rows.join('\n')}\n</response>\n`);
}

/** GET /load.php: waiting tasks, load (%), the current normal-captcha price (USD) and its average solving time (s). */
export function registerLegacy(app: FastifyInstance) {
  app.get('/load.php', async (req, reply) => {
    const load = await queueLoad(req.ctx);
    return sendXml(
      reply,
      `<RPM><waiting>${load.waiting}</waiting><load>${load.load}</load><minbid>${formatMoney(load.minBid)}</minbid><averageRecognitionTime>${load.averageRecognitionTime}</averageRecognitionTime></RPM>\n`,
    );
  });
}

/**
 * 2captcha's legacy XML answers: res.php?action=getstats (the account's usage per hour of a day)
 * and /load.php (the queue at a glance). Old clients parse them as XML (api-protocol.md §0, §1.6).
 * The documentation prints its examples with the same two formatters.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMoney } from '#shared/money.ts';
import { dayUsage, queueLoad, type DayUsage, type QueueLoad } from '#server/modules/tasks/usage.service.ts';

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('text/xml; charset=utf-8').send(xml);
}

/** The getstats document: one <stats> per UTC hour (all 24), with the tasks submitted and the money kept (USD). */
export function dayStatsXml(usage: DayUsage): string {
  const rows = usage.hours.map((h) => {
    const hour = String(h.hour).padStart(2, '0');
    return `<stats dateint="${Math.floor(h.start.getTime() / 1000)}" date="${usage.date}" hour="${hour}"><volume>${h.volume}</volume><money>${formatMoney(h.money)}</money></stats>`;
  });
  return `${PROLOG}<response>\n${rows.join('\n')}\n</response>\n`;
}

/** The load.php document: waiting tasks, load (%), the normal captcha's price now (USD) and its average solving time (s). */
export function loadXml(load: QueueLoad): string {
  return `${PROLOG}<RPM><waiting>${load.waiting}</waiting><load>${load.load}</load><minbid>${formatMoney(load.minBid)}</minbid><averageRecognitionTime>${load.averageRecognitionTime}</averageRecognitionTime></RPM>\n`;
}

/** res.php?action=getstats&date=YYYY-MM-DD (UTC; today when absent). */
export async function sendDayStats(req: FastifyRequest, reply: FastifyReply, customerId: number, date: unknown) {
  return sendXml(reply, dayStatsXml(await dayUsage(req.ctx, customerId, date === undefined ? undefined : String(date))));
}

/** GET /load.php: public, like 2captcha's. */
export function registerLegacy(app: FastifyInstance) {
  app.get('/load.php', async (req, reply) => sendXml(reply, loadXml(await queueLoad(req.ctx))));
}

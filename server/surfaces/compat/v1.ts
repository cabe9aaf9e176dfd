import { lookup } from 'node:dns/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createParamBag, getCaptchaType, parseV1 } from '#shared/captcha-types/index.ts';
import { formatMoney } from '#shared/money.ts';
import { getBalance } from '#server/modules/billing/billing.service.ts';
import { addPingbackHost, listPingbackHosts, pingbackAddressRefused, pingbackUrlAllowed, removePingbackHost } from '#server/modules/tasks/pingback.service.ts';
import { reportTask } from '#server/modules/tasks/reports.service.ts';
import { getTaskResult, submitTask } from '#server/modules/tasks/tasks.service.ts';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { authenticate } from './account.ts';
import { readParams } from './body.ts';
import { describeV1 } from './errors.ts';
import { sendDayStats } from './legacy.ts';
import { checkExtension, checkMedia, decodeBase64 } from './images.ts';
import type { AccountCache } from './account-cache.ts';
import type { CompatLimits } from './limits.ts';
import { softIdOf, taskIdOf } from './shared.ts';

const isOn = (v: unknown) => v === 1 || v === true || v === '1' || v === 'true';
const fieldOf = (fields: Record<string, unknown>, name: string) => {
  const key = Object.keys(fields).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : fields[key];
};

/** OK|… or {"status":1,"request":…}. */
export function sendV1Ok(reply: FastifyReply, json: boolean, plain: string, request: unknown = plain, extra: Record<string, unknown> = {}) {
  if (json) return reply.type('application/json').send({ status: 1, request, ...extra });
  return reply.type('text/plain; charset=utf-8').send(plain);
}

export function sendV1Error(reply: FastifyReply, json: boolean, code: string) {
  if (json) return reply.type('application/json').send({ status: 0, request: code, error_text: describeV1(code) });
  return reply.type('text/plain; charset=utf-8').send(code);
}

/** The 2captcha v1 API: /in.php and /res.php, GET or POST, any body encoding. */
export function registerV1(app: FastifyInstance, limits: CompatLimits, accounts: AccountCache) {
  const inPhp = async (req: FastifyRequest, reply: FastifyReply) => {
    const { fields, files } = await readParams(req);
    const json = isOn(fieldOf(fields, 'json'));
    reply.compatJson = json;
    const { user, settings } = await authenticate(req, limits, accounts, fieldOf(fields, 'key'), true);
    for (const [name, file] of Object.entries(files)) if (name !== 'imginstructions') checkExtension(file.filename, String(fieldOf(fields, 'method')) === 'audio');
    const bag = createParamBag(fields, Object.fromEntries(Object.entries(files).map(([n, f]) => [n, f.data.toString('base64')])));
    const parsed = parseV1(bag);
    if (!parsed.ok) throw new TaskError(parsed.error, parsed.message);
    const def = getCaptchaType(parsed.task.type)!;
    let image: Buffer | undefined;
    if (parsed.task.image !== undefined) {
      image = decodeBase64(parsed.task.image);
      await checkMedia(image, def.maxImageBytes ?? 600 * 1024, def.ui === 'audio');
    }
    const pingback = fieldOf(fields, 'pingback');
    if (pingback !== undefined && pingback !== '' && !(await pingbackUrlAllowed(req.ctx, settings.pingbackHosts, String(pingback)))) {
      throw new TaskError('ERROR_BAD_PARAMETERS', 'Register the pingback host first (res.php?action=add_pingback).');
    }
    try {
      const { id } = await submitTask(req.ctx, {
        customer: user,
        settings,
        task: parsed.task,
        image,
        apiVersion: 'v1',
        ip: req.ip,
        softId: softIdOf(fieldOf(fields, 'soft_id')),
        pingback: pingback ? String(pingback) : undefined,
      });
      limits.submitted(user.apiKey, null);
      return sendV1Ok(reply, json, `OK|${id}`, String(id));
    } catch (err) {
      if (err instanceof TaskError) limits.submitted(user.apiKey, err.code);
      throw err;
    }
  };

  const resPhp = async (req: FastifyRequest, reply: FastifyReply) => {
    const { fields } = await readParams(req);
    const json = isOn(fieldOf(fields, 'json'));
    reply.compatJson = json;
    const { user } = await authenticate(req, limits, accounts, fieldOf(fields, 'key'), false);
    const action = String(fieldOf(fields, 'action') ?? '').toLowerCase();
    const idOf = () => {
      const id = taskIdOf(String(fieldOf(fields, 'id') ?? ''));
      if (id === 'format') throw new TaskError('ERROR_WRONG_ID_FORMAT');
      if (id === 'unknown') throw new TaskError('ERROR_WRONG_CAPTCHA_ID');
      return id;
    };
    switch (action) {
      case '':
        throw new TaskError('ERROR_EMPTY_ACTION');
      case 'get':
      case 'get2': {
        const ids = fieldOf(fields, 'ids');
        if (action === 'get' && ids !== undefined && ids !== '') return bulkGet(req, reply, user.id, String(ids), json);
        const id = idOf();
        const result = await getTaskResult(req.ctx, user.id, id);
        if (result.state === 'processing') return sendV1Error(reply, json, 'CAPCHA_NOT_READY');
        if (result.state === 'unsolvable') throw new TaskError(result.failure);
        const def = getCaptchaType(result.type)!;
        const plain = def.toV1Plain(result.answer, result.task);
        const { request, extra } = def.toV1Json(result.answer, result.task);
        if (action === 'get2') {
          const price = formatMoney(result.price);
          return sendV1Ok(reply, json, `OK|${plain}|${price}`, request, { ...extra, price });
        }
        return sendV1Ok(reply, json, `OK|${plain}`, request, extra);
      }
      case 'getbalance': {
        const balance = formatMoney(await getBalance(req.ctx, user.id));
        return json ? sendV1Ok(reply, true, balance) : reply.type('text/plain; charset=utf-8').send(balance);
      }
      case 'reportbad':
      case 'reportgood':
        await reportTask(req.ctx, user.id, idOf(), action === 'reportbad' ? 'bad' : 'good');
        return sendV1Ok(reply, json, 'OK_REPORT_RECORDED');
      case 'add_pingback': {
        const addr = String(fieldOf(fields, 'addr') ?? '');
        // Destinations that are not public are refused before anything else (pingback-target.ts).
        if (await pingbackAddressRefused(req.ctx, addr)) throw new TaskError('ERROR_BAD_PARAMETERS', 'Pingbacks can only go to public internet addresses.');
        if (!(await requestComesFromHost(req.ip, addr))) throw new TaskError('ERROR_IP_ADDRES');
        const failure = await addPingbackHost(req.ctx, user.id, addr);
        if (failure === 'not_public') throw new TaskError('ERROR_BAD_PARAMETERS', 'Pingbacks can only go to public internet addresses.');
        if (failure) throw new TaskError('ERROR_BAD_PARAMETERS', failure === 'full' ? 'Too many pingback hosts.' : 'Not a domain, IP address or URL.');
        return sendV1Ok(reply, json, 'OK');
      }
      case 'get_pingback': {
        const hosts = await listPingbackHosts(req.ctx, user.id);
        return sendV1Ok(reply, json, `OK|${hosts.join('|')}`, hosts);
      }
      case 'getstats':
        return sendDayStats(req, reply, user.id, fieldOf(fields, 'date'));
      case 'del_pingback':
        await removePingbackHost(req.ctx, user.id, String(fieldOf(fields, 'addr') ?? ''));
        return sendV1Ok(reply, json, 'OK');
      default:
        throw new TaskError('ERROR_BAD_PARAMETERS', `Unknown action ${action.slice(0, 40)}.`);
    }
  };

  async function bulkGet(req: FastifyRequest, reply: FastifyReply, userId: number, ids: string, json: boolean) {
    const list = ids.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 100);
    const answers = await Promise.all(
      list.map(async (raw) => {
        const id = taskIdOf(raw);
        if (id === 'format') return 'ERROR_WRONG_ID_FORMAT';
        if (id === 'unknown') return 'ERROR_WRONG_CAPTCHA_ID';
        try {
          const r = await getTaskResult(req.ctx, userId, id);
          if (r.state === 'processing') return 'CAPCHA_NOT_READY';
          if (r.state === 'unsolvable') return r.failure;
          return getCaptchaType(r.type)!.toV1Plain(r.answer, r.task);
        } catch (err) {
          if (err instanceof TaskError) return err.code;
          throw err;
        }
      }),
    );
    return json ? reply.type('application/json').send({ status: 1, request: answers.join('|') }) : reply.type('text/plain; charset=utf-8').send(answers.join('|'));
  }

  for (const path of ['/in.php', '/res.php']) {
    const handler = path === '/in.php' ? inPhp : resPhp;
    app.get(path, handler);
    app.post(path, handler);
  }
}

/** add_pingback must come from the address the pingback host resolves to (protocol §4). */
async function requestComesFromHost(ip: string, addr: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(addr.includes('://') ? addr : `http://${addr}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  const normalize = (a: string) => a.replace(/^::ffff:/, '');
  try {
    const resolved = await lookup(host, { all: true });
    return resolved.some((r) => normalize(r.address) === normalize(ip));
  } catch {
    return false;
  }
}

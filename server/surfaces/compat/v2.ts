import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getCaptchaType, parseV2 } from '#shared/captcha-types/index.ts';
import { formatMoney } from '#shared/money.ts';
import { getBalance } from '#server/modules/billing/billing.service.ts';
import { pingbackUrlAllowed } from '#server/modules/tasks/pingback.service.ts';
import { reportTask } from '#server/modules/tasks/reports.service.ts';
import { getTaskResult, submitTask } from '#server/modules/tasks/tasks.service.ts';
import { queueStats } from '#server/modules/tasks/stats.service.ts';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { authenticate } from './account.ts';
import { readParams } from './body.ts';
import { checkMedia, decodeBase64 } from './images.ts';
import type { AccountCache } from './account-cache.ts';
import type { CompatLimits } from './limits.ts';
import { softIdOf, taskIdOf as parseTaskId } from './shared.ts';

const taskIdOf = (value: unknown): number => {
  const id = parseTaskId(value);
  if (typeof id !== 'number') throw new TaskError('ERROR_WRONG_CAPTCHA_ID');
  return id;
};

/**
 * The v2 JSON API (2captcha v2 and anti-captcha): exact envelopes, `errorId` always present,
 * no `errorCode` in successes, `cost` as a string, integer timestamps.
 */
export function registerV2(app: FastifyInstance, limits: CompatLimits, accounts: AccountCache) {
  const route = (path: string, handler: (req: FastifyRequest, body: Record<string, unknown>, reply: FastifyReply) => Promise<object>) => {
    app.post(path, async (req, reply) => {
      reply.compatV2 = true;
      const { fields } = await readParams(req);
      return reply.type('application/json').send(await handler(req, fields, reply));
    });
  };

  route('/createTask', async (req, body) => {
    const { user, settings } = await authenticate(req, limits, accounts, body.clientKey, true);
    const task = body.task;
    if (task === undefined || task === null || typeof task !== 'object') throw new TaskError('ERROR_TASK_ABSENT');
    const parsed = parseV2(task, { languagePool: body.languagePool });
    if (!parsed.ok) throw new TaskError(parsed.error, parsed.message);
    const def = getCaptchaType(parsed.task.type)!;
    let image: Buffer | undefined;
    if (parsed.task.image !== undefined) {
      image = decodeBase64(parsed.task.image);
      await checkMedia(image, def.maxImageBytes ?? 600 * 1024, def.ui === 'audio');
    }
    const callbackUrl = typeof body.callbackUrl === 'string' && body.callbackUrl !== '' ? body.callbackUrl : undefined;
    if (callbackUrl && !(await pingbackUrlAllowed(req.ctx, settings.pingbackHosts, callbackUrl))) {
      throw new TaskError('ERROR_BAD_PARAMETERS', 'Register the callback host first.');
    }
    let id: number;
    try {
      ({ id } = await submitTask(req.ctx, {
        customer: user,
        settings,
        task: parsed.task,
        image,
        apiVersion: 'v2',
        ip: req.ip,
        softId: softIdOf(body.softId ?? body.soft_id),
        pingback: callbackUrl,
      }));
    } catch (err) {
      if (err instanceof TaskError) limits.submitted(user.apiKey, err.code);
      throw err;
    }
    limits.submitted(user.apiKey, null);
    return { errorId: 0, taskId: id };
  });

  route('/getTaskResult', async (req, body) => {
    const { user } = await authenticate(req, limits, accounts, body.clientKey, false);
    const result = await getTaskResult(req.ctx, user.id, taskIdOf(body.taskId));
    if (result.state === 'processing') return { errorId: 0, status: 'processing' };
    if (result.state === 'unsolvable') throw new TaskError(result.failure);
    const def = getCaptchaType(result.type)!;
    return {
      errorId: 0,
      status: 'ready',
      solution: def.toV2Solution(result.answer, result.task),
      cost: formatMoney(result.price),
      ip: result.ip.replace(/^::ffff:/, ''),
      createTime: Math.floor(result.createdAt.getTime() / 1000),
      endTime: Math.floor(result.endedAt.getTime() / 1000),
      solveCount: result.attempts,
    };
  });

  route('/getBalance', async (req, body) => {
    const { user } = await authenticate(req, limits, accounts, body.clientKey, false);
    return { errorId: 0, balance: Number(formatMoney(await getBalance(req.ctx, user.id))) };
  });

  const report = (verdict: 'bad' | 'good') => async (req: FastifyRequest, body: Record<string, unknown>) => {
    const { user } = await authenticate(req, limits, accounts, body.clientKey, false);
    await reportTask(req.ctx, user.id, taskIdOf(body.taskId), verdict);
    return { errorId: 0, status: 'success' };
  };
  route('/reportIncorrect', report('bad'));
  route('/reportCorrect', report('good'));
  // anti-captcha's names for the same two calls
  for (const path of ['/reportIncorrectImageCaptcha', '/reportIncorrectRecaptcha', '/reportIncorrectHcaptcha']) route(path, report('bad'));
  route('/reportCorrectRecaptcha', report('good'));

  route('/getQueueStats', async (req) => ({ errorId: 0, ...(await queueStats(req.ctx)) }));
}

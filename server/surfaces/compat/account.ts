import type { FastifyRequest } from 'fastify';
import { findApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { findUserByApiKey, type UserRow } from '#server/modules/users/users.repo.ts';
import type { CompatLimits } from './limits.ts';

const KEY = /^[a-f0-9]{32}$/i;

/**
 * The account behind an API key, checked against bans, suspension and the allowed-IP list.
 * @throws TaskError ERROR_WRONG_USER_KEY, ERROR_KEY_DOES_NOT_EXIST, ERROR_ACCOUNT_SUSPENDED, ERROR_IP_NOT_ALLOWED, ban codes
 */
export async function authenticate(req: FastifyRequest, limits: CompatLimits, key: unknown, isSubmit: boolean): Promise<UserRow> {
  const k = typeof key === 'string' ? key.trim() : '';
  const ban = limits.check(req.ip, KEY.test(k) ? k : null, isSubmit);
  if (ban) throw new TaskError(ban);
  if (!KEY.test(k)) {
    limits.wrongKey(req.ip);
    throw new TaskError('ERROR_WRONG_USER_KEY');
  }
  const user = await findUserByApiKey(req.ctx.db, k.toLowerCase());
  if (!user || user.deletedAt) {
    limits.wrongKey(req.ip);
    throw new TaskError('ERROR_KEY_DOES_NOT_EXIST');
  }
  if (user.blockedAt) throw new TaskError('ERROR_ACCOUNT_SUSPENDED');
  const settings = await findApiSettings(req.ctx.db, user.id);
  if (settings.allowedIps.length > 0 && !settings.allowedIps.includes(req.ip)) throw new TaskError('ERROR_IP_NOT_ALLOWED');
  return user;
}

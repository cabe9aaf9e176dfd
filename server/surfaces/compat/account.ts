import type { FastifyRequest } from 'fastify';
import { findApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { findUserByApiKey } from '#server/modules/users/users.repo.ts';
import type { AccountCache, ApiAccount } from './account-cache.ts';
import type { CompatLimits } from './limits.ts';

const KEY = /^[a-f0-9]{32}$/i;

async function lookup(req: FastifyRequest, cache: AccountCache, key: string): Promise<ApiAccount | undefined> {
  const cached = cache.get(key);
  if (cached) return cached;
  const readAt = cache.stamp();
  const user = await findUserByApiKey(req.ctx.db, key);
  if (!user) return undefined;
  const account = { user, settings: await findApiSettings(req.ctx.db, user.id) };
  cache.set(key, account, readAt);
  return account;
}

/**
 * The account behind an API key, checked against bans, suspension and the allowed-IP list.
 * @throws TaskError ERROR_WRONG_USER_KEY, ERROR_KEY_DOES_NOT_EXIST, ERROR_ACCOUNT_SUSPENDED, ERROR_IP_NOT_ALLOWED, ban codes
 */
export async function authenticate(req: FastifyRequest, limits: CompatLimits, cache: AccountCache, key: unknown, isSubmit: boolean): Promise<ApiAccount> {
  const k = typeof key === 'string' ? key.trim() : '';
  const ban = limits.check(req.ip, KEY.test(k) ? k.toLowerCase() : null, isSubmit);
  if (ban) throw new TaskError(ban);
  if (!KEY.test(k)) {
    limits.wrongKey(req.ip);
    throw new TaskError('ERROR_WRONG_USER_KEY');
  }
  const account = await lookup(req, cache, k.toLowerCase());
  if (!account || account.user.deletedAt) {
    limits.wrongKey(req.ip);
    throw new TaskError('ERROR_KEY_DOES_NOT_EXIST');
  }
  if (account.user.blockedAt) throw new TaskError('ERROR_ACCOUNT_SUSPENDED');
  const { allowedIps } = account.settings;
  if (allowedIps.length > 0 && !allowedIps.includes(req.ip)) throw new TaskError('ERROR_IP_NOT_ALLOWED');
  return account;
}

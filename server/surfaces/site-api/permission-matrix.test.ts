import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { registeredRoutes } from './index.ts';

const ACTORS = ['anonymous', 'customer', 'worker', 'developer', 'moderator', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

/**
 * The expected rule of every site-API endpoint. A route added without a line here fails the
 * test, so each new endpoint's access is decided on purpose.
 */
const EXPECTED: Record<string, string> = {
  'POST /api/v1/event-tracker': 'public',
  'GET /api/v2/user': 'user',
  'GET /api/v2/labelling/projects': 'userType',
  'POST /api/v2/labelling/projects': 'userType',
  'GET /api/v2/labelling/projects/:id': 'userType',
  'POST /api/v2/labelling/projects/:id/images': 'userType',
  'POST /api/v2/labelling/projects/:id/start': 'userType',
  'POST /api/v2/labelling/projects/:id/items/:itemId/accept': 'userType',
  'POST /api/v2/labelling/projects/:id/items/:itemId/reject': 'userType',
  'GET /api/v2/labelling/items/:id/image': 'userType',
  'GET /api/v2/labelling/projects/:id/export/:format': 'userType',
  'GET /api/v2/labelling/review': 'user',
  'GET /api/v2/labelling/review/:id/image': 'user',
  'POST /api/v2/labelling/review/:id': 'user',
  'PUT /api/v2/user': 'user',
  'PUT /api/v2/user/system_message_read': 'user',
  'GET /api/v2/auth/status': 'public',
  'POST /api/v2/auth/register': 'public',
  'POST /api/v2/auth/resend-confirmation': 'public',
  'POST /api/v2/auth/login': 'public',
  'POST /api/v2/auth/2fa': 'twoFactorPending',
  'POST /api/v2/auth/logout': 'public',
  'POST /api/v2/auth/logout-everywhere': 'user',
  'POST /api/v2/auth/remind': 'public',
  'POST /api/v2/auth/check-remind': 'public',
  'POST /api/v2/auth/check-key': 'public',
  'POST /api/v2/auth/change-email': 'public',
  'POST /api/v2/auth/delete-email': 'public',
  'POST /api/v2/auth/edit-purse': 'public',
  'GET /api/v2/profile': 'user',
  'PUT /api/v2/profile': 'user',
  'PUT /api/v2/profile/notifications': 'user',
  'PUT /api/v2/profile/email': 'user',
  'PUT /api/v2/profile/password': 'user',
  'POST /api/v2/profile/2fa/setup': 'user',
  'POST /api/v2/profile/2fa/enable': 'user',
  'POST /api/v2/profile/2fa/disable': 'user',
  'POST /api/v2/profile/api-key': 'user',
  'POST /api/v2/profile/wallet': 'user',
  'GET /api/v2/profile/documents': 'user',
  'POST /api/v2/profile/documents': 'user',
  'GET /api/v2/profile/documents/:id': 'user',
  'DELETE /api/v2/profile': 'user',
  'GET /api/v2/admin/users': 'admin',
  'PUT /api/v2/admin/users/:id/permissions': 'admin',
  'PUT /api/v2/admin/users/:id/blocked': 'admin',
  'POST /api/v2/admin/users/:id/balance': 'admin',
  'POST /api/v2/admin/users/:id/system-messages': 'admin',
  'GET /api/v2/admin/outbox': 'admin',
  'GET /api/v2/admin/captcha-types': 'admin',
  'PUT /api/v2/admin/captcha-types/:slug': 'admin',
  'GET /api/v2/worker': 'userType',
  'PUT /api/v2/worker/languages': 'userType',
  'GET /api/v2/worker/training': 'userType',
  'GET /api/v2/worker/training/images/:token': 'userType',
  'POST /api/v2/worker/training/exam': 'userType',
  'POST /api/v2/worker/training/restart': 'userType',
  'GET /api/v2/worker/mistakes': 'userType',
  'GET /api/v2/customer/api-settings': 'userType',
  'PUT /api/v2/customer/api-settings': 'userType',
  'GET /api/v2/customer/prices': 'public',
  'GET /api/v2/proxy/prices': 'public',
  'GET /api/v2/proxy/overview': 'user',
  'POST /api/v2/proxy/purchases': 'user',
  'GET /api/v2/proxy/sub-users': 'user',
  'POST /api/v2/proxy/sub-users': 'user',
  'PUT /api/v2/proxy/sub-users/:id': 'user',
  'POST /api/v2/proxy/sub-users/:id/password': 'user',
  'GET /api/v2/proxy/whitelist': 'user',
  'GET /api/v2/proxy/my-ip': 'user',
  'POST /api/v2/proxy/whitelist': 'user',
  'DELETE /api/v2/proxy/whitelist/:id': 'user',
  'GET /api/v2/proxy/statistics': 'user',
  'GET /api/v2/proxy/statistics.csv': 'user',
  'GET /api/v1/api-docs': 'public',
  'GET /api/v1/api-docs/openapi.json': 'public',
  'GET /api/v1/api-docs/:slug': 'public',
  // Live demos, recognition examples, the extension's zip (issue 14)
  'GET /api/v1/captcha-demo/:slug': 'public',
  'POST /api/v1/captcha-demo/:slug/verify': 'public',
  'GET /api/v1/captcha-recognition': 'public',
  'GET /api/v1/captcha-recognition/:slug': 'public',
  'GET /api/v1/captcha-bypass-extension/download': 'public',
  'GET /api/v2/public_statistics': 'public',
  'GET /api/v2/public_statistics/graph/:metric': 'public',
  'GET /api/v2/hub/overview': 'public',
  'GET /api/v2/hub/leaderboard': 'public',
  'GET /api/v2/hub/profile': 'userType',
  'PUT /api/v2/hub/settings': 'userType',
  'GET /api/v2/hub/practice': 'public',
  'GET /api/v2/hub/practice/images/:token': 'public',
  'POST /api/v2/hub/practice/score': 'public',
  'GET /api/v2/customer/impossible-captchas': 'userType',
  'GET /api/v2/customer/api-errors': 'userType',
  'GET /api/v2/customer/complaints': 'userType',
  'GET /api/v2/customer/not-captcha': 'userType',
  'DELETE /api/v2/customer/not-captcha/:id': 'userType',
  'GET /api/v2/customer/pingbacks': 'userType',
  'GET /api/v2/customer/uploads': 'userType',
  'POST /api/v2/customer/uploads/:id/report': 'userType',
  'GET /api/v2/customer/tasks/:id': 'userType',
  'GET /api/v2/customer/tasks/:id/image': 'userType',
  'GET /api/v2/customer/graph': 'userType',
  'POST /api/v2/customer/testcaptcha': 'userType',
  'GET /api/v2/developer/software': 'userType',
  'POST /api/v2/developer/software': 'userType',
  'GET /api/v2/dashboard': 'userType',
  'POST /api/v2/customer/pingback-hosts': 'userType',
  'DELETE /api/v2/customer/pingback-hosts/:host': 'userType',
  'GET /api/v2/moderation/workers': 'staff',
  'GET /api/v2/moderation/tasks/:id/image': 'staff',
  'POST /api/v2/moderation/workers/:id': 'staff',
  'GET /api/v2/moderation/exams': 'staff',
  'POST /api/v2/moderation/exams/:id': 'staff',
  'GET /api/v2/payments/providers': 'public',
  'GET /api/v2/payments': 'user',
  'GET /api/v2/payments/:id': 'user',
  'POST /api/v2/payments': 'user',
  'GET /api/v2/payments/:id/invoice': 'user',
  'POST /api/v2/payments/:id/simulate': 'user',
  'GET /api/v2/payments/sandbox/:ref': 'public',
  'POST /api/v2/payments/sandbox/:ref/:decision': 'public',
  'GET /api/v2/admin/payments': 'admin',
  'GET /api/v2/admin/payments/:id': 'admin',
  'POST /api/v2/admin/payments/:id/adjustments': 'admin',
  'POST /api/v2/promo-codes/check': 'user',
  'POST /api/v2/promo-codes/redeem': 'user',
  'GET /api/v2/discount-campaigns': 'public',
  'GET /api/v2/admin/promo-codes': 'admin',
  'POST /api/v2/admin/promo-codes': 'admin',
  'PUT /api/v2/admin/promo-codes/:id/paused': 'admin',
  'GET /api/v2/admin/discount-campaigns': 'admin',
  'POST /api/v2/admin/discount-campaigns': 'admin',
  'PUT /api/v2/admin/discount-campaigns/:id/paused': 'admin',
  'GET /api/v2/money/history_day': 'user',
  'GET /api/v2/money/history_day.csv': 'user',
  'GET /api/v2/transfers': 'user',
  'POST /api/v2/transfers': 'user',
  'GET /api/v2/transfers/link/:hash/:userId': 'user',
  'POST /api/v2/transfers/confirm': 'user',
  'GET /api/v2/vouchers': 'user',
  'POST /api/v2/vouchers/redeem': 'user',
  'GET /api/v2/admin/voucher-batches': 'admin',
  'POST /api/v2/admin/voucher-batches': 'admin',
  // The operator's money view and the audit log (issue 22)
  'GET /api/v2/admin/finance': 'admin',
  'GET /api/v2/admin/finance.csv': 'admin',
  'GET /api/v2/admin/audit-log': 'admin',
  // Content (issue 15): public reads of the three collections, views, images; the editor (staff); hosts (admin)
  'GET /api/v1/articles/index': 'public',
  'GET /api/v1/articles': 'public',
  'GET /api/v1/articles/by-slug/:slug': 'public',
  'GET /api/v1/tutorials/index': 'public',
  'GET /api/v1/tutorials': 'public',
  'GET /api/v1/tutorials/by-slug/:slug': 'public',
  'GET /api/v1/catalog/articles/index': 'public',
  'GET /api/v1/catalog/articles': 'public',
  'GET /api/v1/catalog/articles/by-slug/:slug': 'public',
  'POST /api/v1/articles/:id/view': 'public',
  'GET /api/v1/articles/attachments/:id/:file': 'public',
  'GET /api/v1/editor/articles': 'staff',
  'GET /api/v1/editor/articles/by-slug/:slug': 'staff',
  'GET /api/v1/editor/tutorials': 'staff',
  'GET /api/v1/editor/tutorials/by-slug/:slug': 'staff',
  'GET /api/v1/editor/catalog/articles': 'staff',
  'GET /api/v1/editor/catalog/articles/by-slug/:slug': 'staff',
  'GET /api/v1/editor/articles/:id': 'staff',
  'GET /api/v1/editor/articles/:id/revisions': 'staff',
  'POST /api/v1/editor/articles/new': 'staff',
  'PUT /api/v1/editor/articles/:id': 'staff',
  'DELETE /api/v1/editor/articles/:id': 'staff',
  'POST /api/v1/editor/articles/:id/revisions/:revisionId/restore': 'staff',
  'POST /api/v1/editor/articles/preview': 'staff',
  'PUT /api/v1/editor/articles/attachments': 'staff',
  'DELETE /api/v1/editor/articles/attachments/:id': 'staff',
  'GET /api/v1/editor/manual-domains': 'admin',
  'PUT /api/v1/editor/manual-domains/:host': 'admin',
  'GET /api/v2/payouts/wallets': 'user',
  'POST /api/v2/payouts/wallets': 'user',
  'POST /api/v2/payouts/wallets/:id/cancel': 'user',
  'GET /api/v2/payouts/summary': 'user',
  'GET /api/v2/payouts/history': 'user',
  'POST /api/v2/payouts': 'user',
  'POST /api/v2/payouts/return-funds': 'user',
  'GET /api/v2/admin/payouts': 'admin',
  'GET /api/v2/admin/payouts.csv': 'admin',
  'POST /api/v2/admin/payouts/:id/approve': 'admin',
  'POST /api/v2/admin/payouts/:id/send': 'admin',
  'POST /api/v2/admin/payouts/:id/sent': 'admin',
  'POST /api/v2/admin/payouts/:id/reject': 'admin',
  'POST /api/v2/admin/funds-returns/:id/close': 'admin',
  'GET /api/v2/admin/payout-methods': 'admin',
  'PUT /api/v2/admin/payout-methods/:method': 'admin',
  'GET /api/v2/affiliate/terms': 'public',
  'GET /api/v2/affiliate/dashboard': 'user',
  'GET /api/v2/affiliate/referrals': 'user',
  'GET /api/v2/affiliate/sources': 'user',
  'GET /api/v2/affiliate/banners/:file': 'public',
  'GET /api/v1/catalog/categories': 'public',
  'GET /api/v1/catalog/software': 'public',
  'GET /api/v1/catalog/softlist': 'public',
  'GET /api/v1/catalog/software/:slug': 'public',
  'GET /api/v1/catalog/software/:slug/reviews': 'public',
  'GET /api/v2/software/statistics/:slug/public': 'public',
  'GET /api/v1/catalog/screenshots/:id/:file': 'public',
  'POST /api/v1/catalog/software/:softwareId/reviews': 'userType',
  'PUT /api/v1/catalog/reviews/:id': 'userType',
  'POST /api/v1/catalog/reviews/:id/reply': 'userType',
  'GET /api/v1/catalog/my-software': 'userType',
  'GET /api/v1/catalog/my-software/:slug': 'userType',
  'GET /api/v1/catalog/my-software/:slug/statistics': 'userType',
  'POST /api/v1/catalog/software': 'userType',
  'PUT /api/v1/catalog/software/:id': 'userType',
  'POST /api/v1/catalog/software/:softwareId/screenshots': 'userType',
  'DELETE /api/v1/catalog/software/:softwareId/screenshots/:screenshotId': 'userType',
  'GET /api/v1/catalog/moderation/software': 'staff',
  'POST /api/v1/catalog/moderation/software/:id/approve': 'staff',
  'POST /api/v1/catalog/moderation/software/:id/reject': 'staff',
  'POST /api/v1/catalog/moderation/software/:id/hide': 'staff',
  'GET /api/v1/catalog/moderation/reviews': 'staff',
  'POST /api/v1/catalog/moderation/reviews/:id/approve': 'staff',
  'POST /api/v1/catalog/moderation/reviews/:id/reject': 'staff',
  // Support centre (issue 18)
  'GET /api/v2/support/tickets': 'user',
  'GET /api/v2/support/tickets/:id': 'user',
  'POST /api/v2/support/tickets': 'user',
  'POST /api/v2/support/tickets/:id/messages': 'user',
  'POST /api/v2/support/tickets/:id/close': 'user',
  'POST /api/v2/support/attachments': 'user',
  'GET /api/v2/support/attachments/:id': 'user',
  'GET /api/v2/staff/support/tickets': 'staff',
  'GET /api/v2/staff/support/tickets/:id': 'staff',
  'POST /api/v2/staff/support/tickets/:id/messages': 'staff',
  'POST /api/v2/staff/support/tickets/:id/assign': 'staff',
  'POST /api/v2/staff/support/tickets/:id/status': 'staff',
  'GET /api/v2/staff/support/canned': 'staff',
  'POST /api/v2/staff/support/canned': 'staff',
  'PUT /api/v2/staff/support/canned/:id': 'staff',
  'DELETE /api/v2/staff/support/canned/:id': 'staff',
  'GET /api/v2/user/enterprise_support/pricing': 'public',
  'GET /api/v2/user/enterprise_support/conditions': 'public',
  'POST /api/v2/user/enterprise_support/buy': 'userType',
  'PUT /api/v2/user/enterprise_support/auto_renew': 'userType',
  'POST /api/v2/support/feedback': 'public',
  'GET /api/v2/staff/support/feedback': 'staff',
  'GET /api/v2/staff/support/feedback.csv': 'staff',
  // FAQ and knowledge base: content collections (issue 18), the same reads as the other collections
  'GET /api/v1/support/faq': 'public',
  'GET /api/v1/support/faq/index': 'public',
  'GET /api/v1/support/faq/by-slug/:slug': 'public',
  'GET /api/v1/kb': 'public',
  'GET /api/v1/kb/index': 'public',
  'GET /api/v1/kb/by-slug/:slug': 'public',
  'GET /api/v1/editor/support/faq': 'staff',
  'GET /api/v1/editor/support/faq/by-slug/:slug': 'staff',
  'GET /api/v1/editor/kb': 'staff',
  'GET /api/v1/editor/kb/by-slug/:slug': 'staff',
  'GET /api/v2/support/search': 'public',
  'POST /api/v2/support/bot/messages': 'public',
  'GET /api/v2/support/bot/threads/:id': 'public',
  'POST /api/v2/support/bot/handoff': 'user',
  'GET /api/v2/staff/support/bot-threads': 'staff',
  // Support centre (issue 18)
};

/** The status an actor must get from a route with this rule, or 'allowed' (anything but 401/403). */
function expectedStatus(rule: string, actor: Actor): 401 | 403 | 'allowed' {
  if (rule === 'public') return 'allowed';
  if (rule === 'twoFactorPending') return 401; // none of these sessions is waiting for a code
  if (actor === 'anonymous') return 401;
  if (rule === 'user' || rule === 'userType') return 'allowed';
  if (rule === 'admin') return actor === 'admin' ? 'allowed' : 403;
  if (rule === 'moderator') return actor === 'moderator' ? 'allowed' : 403;
  if (rule === 'staff') return actor === 'admin' || actor === 'moderator' ? 'allowed' : 403;
  throw new Error(`unknown rule ${rule}`);
}

let t: TestApp;
let userIds: Record<Exclude<Actor, 'anonymous'>, number>;
let target: number;

beforeAll(async () => {
  // The sandbox payment provider on, on both databases, so its routes are in the matrix.
  // A crypto coin on the simulated chain, so the invoice simulator's route exists too.
  t = await buildTestApp({
    RATE_LIMITS: 'false',
    PAYMENTS_SANDBOX: 'true',
    CRYPTO_CHAIN: 'simulator',
    CRYPTO_USDT_XPUB: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
  });
  const [customer, worker, developer, moderator, admin, other] = await Promise.all([
    buildUser(t, { userType: 'customer' }),
    buildUser(t, { userType: 'worker' }),
    buildUser(t, { userType: 'developer' }),
    buildUser(t, { userType: 'customer', moderator: true }),
    buildUser(t, { userType: 'customer', admin: true }),
    buildUser(t),
  ]);
  userIds = { customer: customer.id, worker: worker.id, developer: developer.id, moderator: moderator.id, admin: admin.id };
  target = other.id;
});
afterAll(() => t.close());

describe('permission matrix', () => {
  it('every site-API route declares the expected rule', () => {
    const actual = Object.fromEntries([...registeredRoutes.values()].map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(EXPECTED);
  });

  it.each(Object.entries(EXPECTED))('%s answers each actor as its rule says', async (route, rule) => {
    const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    for (const actor of ACTORS) {
      // A fresh session per call: some endpoints (logout-everywhere) end the caller's sessions.
      const session = actor === 'anonymous' ? undefined : await sessionCookieFor(t, userIds[actor]);
      const res = await t.app.inject({
        method,
        url: url.replace(':id', String(target)),
        headers: browserHeaders(t, session),
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      const expected = expectedStatus(rule, actor);
      if (expected === 'allowed') expect([401, 403], `${route} as ${actor}: ${res.body}`).not.toContain(res.statusCode);
      else expect(res.statusCode, `${route} as ${actor}`).toBe(expected);
      expect(res.statusCode, `${route} as ${actor}`).toBeLessThan(500);
    }
  });
});

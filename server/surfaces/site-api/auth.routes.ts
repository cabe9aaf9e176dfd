import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangeEmailLinkSchema,
  CheckRemindSchema,
  HashLinkSchema,
  LoginSchema,
  RegisterSchema,
  RemindSchema,
  ResendConfirmationSchema,
  TwoFactorSchema,
  type LoginResult,
} from '#shared/contracts/auth.ts';
import { homePathOf } from '#shared/contracts/user.ts';
import { attributeSignup } from '#server/modules/affiliate/affiliate.service.ts';
import * as auth from '#server/modules/auth/auth.service.ts';
import { confirmWallet } from '#server/modules/payouts/payouts.service.ts';
import { findUserById } from '#server/modules/users/users.repo.ts';
import { csrfVisitorId, ensureCsrfToken } from '#server/plugins/csrf.ts';
import { clearSessionCookie, cookieNamesOf, sessionTokenOf, setSessionCookie } from '#server/plugins/session.ts';
import { read } from './reads.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const ACCEPTED = { ok: true as const };
/** Tight limits on the endpoints that take passwords, codes or send mail. */
const strict = { max: 20, timeWindow: '1 minute' };

/**
 * Replaces any current session of this browser by the new one (rotation on sign-in), with a CSRF
 * token bound to it: the visitor's pre-sign-in token stops working.
 */
async function signIn(req: FastifyRequest, reply: FastifyReply, issued: auth.IssuedSession) {
  if (req.auth) await auth.logout(req.ctx, req.auth.session);
  setSessionCookie(req, reply, issued.token);
  ensureCsrfToken(req, reply, { session: issued.token });
}

/** Ends the browser's session cookie; the visitor gets an anonymous CSRF token. */
function signOut(req: FastifyRequest, reply: FastifyReply) {
  clearSessionCookie(req, reply);
  ensureCsrfToken(req, reply, { session: null });
}

/** Sign-up, sign-in, 2FA, sign-out, password recovery and the e-mailed hash links. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  read(app, { path: '/v2/auth/status', access: 'public', handler: ({ auth: a }) => {
    if (!a || !a.user) return { state: 'anonymous' as const };
    return { state: a.session.twoFactorPending ? ('two_factor_pending' as const) : ('signed_in' as const) };
  } });

  r.post('/v2/auth/register', { config: { access: 'public', rateLimit: strict }, schema: { body: RegisterSchema } }, async (req) => {
    const userId = await auth.register(req.ctx, req.body);
    // Referral attribution (issue 12): the first referral link this browser followed, or its reg_referrer cookie.
    if (userId !== null) {
      await attributeSignup(req.ctx, userId, { visitorId: csrfVisitorId(req.cookies[cookieNamesOf(req).csrf]), cookieFrom: req.cookies.reg_referrer }).catch((err: unknown) =>
        req.log.error({ err }, 'referral attribution failed'),
      );
    }
    return ACCEPTED;
  });

  r.post('/v2/auth/resend-confirmation', { config: { access: 'public', rateLimit: strict }, schema: { body: ResendConfirmationSchema } }, async (req) => {
    await auth.resendConfirmation(req.ctx, req.body.email);
    return ACCEPTED;
  });

  r.post('/v2/auth/login', { config: { access: 'public', rateLimit: strict }, schema: { body: LoginSchema } }, async (req, reply): Promise<LoginResult> => {
    const issued = await auth.login(req.ctx, req.body, meta(req));
    await signIn(req, reply, issued);
    if (issued.session.twoFactorPending) return { status: 'two_factor_required' };
    const user = await findUserById(req.ctx.db, issued.session.userId);
    return { status: 'ok', homePath: homePathOf(user?.userType ?? null) };
  });

  r.post('/v2/auth/2fa', { config: { access: 'twoFactorPending', rateLimit: strict }, schema: { body: TwoFactorSchema } }, async (req, reply) => {
    const { homePath } = await auth.completeTwoFactor(req.ctx, req.auth!.session, req.body.code);
    // The session is now fully signed in: a fresh token for it (the session token is unchanged).
    ensureCsrfToken(req, reply, { session: sessionTokenOf(req) });
    return { status: 'ok' as const, homePath };
  });

  r.post('/v2/auth/logout', { config: { access: 'public' } }, async (req, reply) => {
    if (req.auth) await auth.logout(req.ctx, req.auth.session);
    signOut(req, reply);
    return ACCEPTED;
  });

  r.post('/v2/auth/logout-everywhere', { config: { access: 'user' } }, async (req, reply) => {
    await auth.logoutEverywhere(req.ctx, req.auth!.session.userId);
    signOut(req, reply);
    return ACCEPTED;
  });

  r.post('/v2/auth/remind', { config: { access: 'public', rateLimit: strict }, schema: { body: RemindSchema } }, async (req) => {
    await auth.remind(req.ctx, req.body.email, req.body.language, meta(req));
    return ACCEPTED;
  });

  r.post('/v2/auth/check-remind', { config: { access: 'public', rateLimit: strict }, schema: { body: CheckRemindSchema } }, async (req, reply) => {
    const result = await auth.resetPassword(req.ctx, req.body, meta(req));
    await signIn(req, reply, result);
    return { status: result.session.twoFactorPending ? ('two_factor_required' as const) : ('ok' as const), homePath: result.homePath };
  });

  r.post('/v2/auth/check-key', { config: { access: 'public', rateLimit: strict }, schema: { body: HashLinkSchema } }, async (req, reply) => {
    const result = await auth.confirmEmail(req.ctx, req.body, meta(req));
    await signIn(req, reply, result);
    return { status: result.session.twoFactorPending ? ('two_factor_required' as const) : ('ok' as const), homePath: result.homePath };
  });

  r.post('/v2/auth/change-email', { config: { access: 'public', rateLimit: strict }, schema: { body: ChangeEmailLinkSchema } }, async (req) =>
    auth.completeEmailChange(req.ctx, req.body),
  );

  r.post('/v2/auth/delete-email', { config: { access: 'public', rateLimit: strict }, schema: { body: HashLinkSchema } }, async (req) => {
    await auth.unsubscribe(req.ctx, req.body);
    return ACCEPTED;
  });

  r.post('/v2/auth/edit-purse', { config: { access: 'public', rateLimit: strict }, schema: { body: HashLinkSchema } }, async (req) =>
    confirmWallet(req.ctx, req.body, meta(req)),
  );
}

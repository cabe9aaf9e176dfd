import { fileTypeFromBuffer } from 'file-type';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  DisableTwoFactorSchema,
  DOCUMENT_TYPES,
  EnableTwoFactorSchema,
  NotificationsSchema,
  UpdateProfileSchema,
  WalletChangeSchema,
} from '#shared/contracts/profile.ts';
import { AppError } from '#server/lib/app-error.ts';
import { requestEmailChange } from '#server/modules/auth/auth.service.ts';
import { requestWallet } from '#server/modules/payouts/payouts.service.ts';
import * as users from '#server/modules/users/users.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { ensureCsrfToken } from '#server/plugins/csrf.ts';
import { clearSessionCookie } from '#server/plugins/session.ts';
import { read, userOf } from './reads.ts';

const ACCEPTED = { ok: true as const };
const strict = { max: 10, timeWindow: '1 minute' };

/** /api/v2/profile/*: the signed-in user's own account. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'user' as const;
  const uid = (req: { auth: unknown } & Parameters<typeof currentUser>[0]) => currentUser(req).id;

  read(app, { path: '/v2/profile', access, cacheControl: 'no-store', handler: (call) => users.getProfile(call.ctx, userOf(call)) });
  r.put('/v2/profile', { config: { access }, schema: { body: UpdateProfileSchema } }, async (req) => users.updateProfile(req.ctx, uid(req), req.body));
  r.put('/v2/profile/notifications', { config: { access }, schema: { body: NotificationsSchema } }, async (req) =>
    users.updateNotifications(req.ctx, uid(req), req.body),
  );
  r.put('/v2/profile/email', { config: { access, rateLimit: strict }, schema: { body: ChangeEmailSchema } }, async (req) => {
    await requestEmailChange(req.ctx, uid(req), req.body);
    return ACCEPTED;
  });
  r.put('/v2/profile/password', { config: { access, rateLimit: strict }, schema: { body: ChangePasswordSchema } }, async (req) => {
    await users.changePassword(req.ctx, uid(req), req.auth!.session.id, req.body);
    return ACCEPTED;
  });
  r.post('/v2/profile/2fa/setup', { config: { access } }, async (req) => users.startTwoFactor(req.ctx, uid(req)));
  r.post('/v2/profile/2fa/enable', { config: { access, rateLimit: strict }, schema: { body: EnableTwoFactorSchema } }, async (req) =>
    users.enableTwoFactor(req.ctx, uid(req), req.body.code),
  );
  r.post('/v2/profile/2fa/disable', { config: { access, rateLimit: strict }, schema: { body: DisableTwoFactorSchema } }, async (req) => {
    await users.disableTwoFactor(req.ctx, uid(req), req.body.code);
    return ACCEPTED;
  });
  r.post('/v2/profile/api-key', { config: { access } }, async (req) => users.rotateApiKey(req.ctx, uid(req)));
  r.post('/v2/profile/wallet', { config: { access, rateLimit: strict }, schema: { body: WalletChangeSchema } }, async (req) => {
    // The profile's wallet form asks through the payouts module (a pending wallet per method, mailed link, hold).
    const method = req.body.method === 'card' ? 'bank' : req.body.method;
    await requestWallet(req.ctx, uid(req), { method, address: req.body.address }, { ip: req.ip, userAgent: req.headers['user-agent'] });
    return ACCEPTED;
  });

  read(app, { path: '/v2/profile/documents', access, handler: (call) => users.listDocuments(call.ctx, userOf(call).id) });
  r.post('/v2/profile/documents', { config: { access, rateLimit: strict } }, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
    const file = await req.file();
    if (!file) throw new AppError('VALIDATION_FAILED', 'No file in the request.');
    const content = await file.toBuffer();
    // The declared type and the extension are not trusted: the bytes say what the file is.
    const sniffed = await fileTypeFromBuffer(content);
    if (!sniffed || !(DOCUMENT_TYPES as readonly string[]).includes(sniffed.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PDF, PNG, JPEG or WebP file.');
    }
    return users.addDocument(req.ctx, uid(req), { filename: file.filename, contentType: sniffed.mime, content });
  });
  r.get('/v2/profile/documents/:id', { config: { access }, schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, async (req, reply) => {
    const doc = await users.getDocument(req.ctx, uid(req), req.params.id);
    return reply
      .type(doc.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(doc.filename)}`)
      .header('x-content-type-options', 'nosniff')
      .send(doc.content);
  });

  r.delete('/v2/profile', { config: { access, rateLimit: strict }, schema: { body: DeleteAccountSchema } }, async (req, reply) => {
    await users.deleteAccount(req.ctx, uid(req), req.body.password);
    clearSessionCookie(req, reply);
    ensureCsrfToken(req, reply, { session: null });
    return ACCEPTED;
  });
}

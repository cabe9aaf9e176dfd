import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalUrl, type SiteOrigins } from '#shared/i18n/routing.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import * as repo from '../payments.repo.ts';
import { BadSignatureError, type PaymentProvider } from './provider.ts';

/**
 * The sandbox provider: a hosted checkout served by the product under /pay/sandbox/checkout/{ref}
 * where the payer approves or declines. It behaves like an outside provider: its own records
 * (sandbox_checkouts), a redirect back to the product, and a separate HMAC-signed webhook that is
 * what moves the balance. On by default on the embedded database (PAYMENTS_SANDBOX).
 */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Signatures older than this are refused (replays of captured deliveries). */
const TOLERANCE_SECONDS = 300;

export function signSandboxPayload(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

function verify(secret: string, body: Buffer, header: string | undefined): void {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const at = Number(parts['t']);
  if (!Number.isInteger(at) || !parts['v1']) throw new BadSignatureError('missing signature');
  if (Math.abs(Date.now() / 1000 - at) > TOLERANCE_SECONDS) throw new BadSignatureError('signature too old');
  const expected = createHmac('sha256', secret).update(`${at}.`).update(body).digest();
  const given = Buffer.from(parts['v1'], 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BadSignatureError('signature mismatch');
}

export interface SandboxEventBody {
  id: string;
  type: 'checkout.approved' | 'checkout.declined';
  data: { ref: string; client_reference: string; amount_minor: number; currency: string };
}

export function sandboxProvider(opts: { secret: string; sites: SiteOrigins }): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(ctx: Ctx, req) {
      const ref = `sbx_${randomBytes(12).toString('hex')}`;
      await repo.insertSandboxCheckout(ctx.db, {
        ref,
        amountMinor: req.amountMinor,
        currency: req.currency,
        description: req.description,
        successUrl: req.successUrl,
        cancelUrl: req.cancelUrl,
        clientReference: String(req.paymentId),
      });
      return { providerRef: ref, redirectUrl: canonicalUrl(opts.sites, req.language, `/pay/sandbox/checkout/${ref}`) };
    },
    parseWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      verify(opts.secret, rawBody, Array.isArray(header) ? header[0] : header);
      let event: SandboxEventBody;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as SandboxEventBody;
      } catch {
        throw new BadSignatureError('signed body is not JSON');
      }
      return {
        eventId: String(event.id),
        type: String(event.type),
        outcome: event.type === 'checkout.approved' ? 'paid' : event.type === 'checkout.declined' ? 'failed' : 'ignored',
        providerRef: event.data?.ref,
        clientReference: event.data?.client_reference,
        amountMinor: event.data?.amount_minor,
        currency: event.data?.currency,
        payload: event,
      };
    },
  };
}

/**
 * The payer's decision on the hosted page, taken once. Returns where to send the payer and the
 * webhook the sandbox now owes the product (delivered apart from the redirect).
 */
export async function decideSandboxCheckout(
  ctx: Ctx,
  secret: string,
  ref: string,
  decision: 'approved' | 'declined',
): Promise<{ redirectUrl: string; webhook: { body: string; signature: string } | null } | null> {
  const checkout = await repo.findSandboxCheckout(ctx.db, ref);
  if (!checkout) return null;
  const decided = await repo.decideSandboxCheckout(ctx.db, ref, decision);
  const status = decided ? decision : checkout.status;
  const redirectUrl = status === 'approved' ? checkout.successUrl : checkout.cancelUrl;
  // A second press changes nothing and sends nothing: the first decision stands.
  if (!decided) return { redirectUrl, webhook: null };
  const body: SandboxEventBody = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type: decision === 'approved' ? 'checkout.approved' : 'checkout.declined',
    data: { ref, client_reference: checkout.clientReference, amount_minor: checkout.amountMinor, currency: checkout.currency },
  };
  const text = JSON.stringify(body);
  return { redirectUrl, webhook: { body: text, signature: signSandboxPayload(secret, text) } };
}

import { formatMoney } from '#shared/money.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { renderMail } from '#server/modules/mail/templates.ts';
import { findUserById } from '#server/modules/users/users.repo.ts';
import type { PaymentRow } from './payments.repo.ts';

/** The e-mail receipt of a credited payment (unless the user turned payment mails off). */
export async function sendReceipt(ctx: Ctx, payment: PaymentRow) {
  const user = await findUserById(ctx.db, payment.userId);
  if (!user || user.notifications?.payments === false) return;
  const link = new URL('/pay/history_payment', ctx.config.PUBLIC_URL).toString();
  const mail = renderMail(
    'paymentReceipt',
    user.interfaceLanguage,
    {
      brand: ctx.config.BRAND_NAME,
      amount: formatMoney(payment.amount),
      payment: `#${payment.id}`,
      provider: payment.provider,
    },
    link,
  );
  await ctx.mailer.send({ to: user.email, ...mail });
}

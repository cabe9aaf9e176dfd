import { COINS, type CoinId } from '#shared/contracts/crypto.ts';
import { canonicalUrl, type SiteOrigins } from '#shared/i18n/routing.ts';
import { createInvoice, type CryptoSetup } from '../crypto/crypto.service.ts';
import { BadSignatureError, type PaymentProvider } from './provider.ts';

/**
 * A crypto coin as a payment provider: the "checkout" is an invoice with its own deposit address,
 * shown on the coin's page (/pay/cryptocurrency-btc-BTC?invoice={id}, …). Nothing is delivered by
 * webhook: the chain watcher sees the deposits (crypto/crypto.service.ts).
 */
export function cryptoProvider(coin: CoinId, setup: CryptoSetup, sites: SiteOrigins): PaymentProvider {
  const info = COINS[coin];
  return {
    name: info.provider,
    async createCheckout(ctx, req) {
      const invoice = await createInvoice(ctx, setup, coin, {
        paymentId: req.paymentId,
        usdMicros: req.amountMinor * 10_000,
      });
      return {
        providerRef: `inv_${invoice.paymentId}`,
        redirectUrl: `${canonicalUrl(sites, req.language, info.page)}?invoice=${invoice.paymentId}`,
      };
    },
    parseWebhook() {
      throw new BadSignatureError('crypto payments are seen on chain, not delivered by webhook');
    },
  };
}

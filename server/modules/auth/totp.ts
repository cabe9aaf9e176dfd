import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';
import { sha256 } from '#server/lib/crypto.ts';

export const newTotpSecret = () => generateSecret();

export async function totpSetup(secret: string, issuer: string, label: string) {
  const otpauthUrl = generateURI({ issuer, label, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/**
 * Accepts the current code and one period either side (clock drift).
 * @returns the start of the matched period (epoch seconds), or null.
 */
export async function matchTotp(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    // TOTP results carry the matched period's start; fall back to the current period.
    return result.valid ? ((result as { epoch?: number }).epoch ?? Math.floor(Date.now() / 30_000) * 30) : null;
  } catch {
    return null;
  }
}

/** Ten single-use recovery codes; only their hashes are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: 10 }, () => {
    const raw = randomBytes(6).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => sha256(c)) };
}

export const hashRecoveryCode = (code: string) => sha256(code.trim().toLowerCase());

/**
 * The customer specs' side of the compatible API: plain HTTP from the test process to /in.php and
 * /res.php on 127.0.0.1 (the e2e server listens there, so the API sees the address 127.0.0.1).
 */
import { RU_ORIGIN } from '../support/env.ts';
import { textPicture } from '../compat/png.ts';
import { expect } from '../compat/expect.ts';

const API = RU_ORIGIN;

export async function inPhp(key: string, extra: Record<string, string> = {}): Promise<string> {
  const body = new URLSearchParams({ key, method: 'base64', body: textPicture().toString('base64'), ...extra });
  const res = await fetch(`${API}/in.php`, { method: 'POST', body });
  return res.text();
}

export async function resPhp(key: string, action: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${API}/res.php?${new URLSearchParams({ key, action, ...extra })}`);
  return res.text();
}

/**
 * The API reads the account through a per-process cache that a database announcement clears right
 * after a settings change: ask until the answer matches (a few hundred ms at most).
 */
export async function expectApi(ask: () => Promise<string>, expected: RegExp, message: string): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        last = await ask();
        return last;
      },
      { message, timeout: 10_000 },
    )
    .toMatch(expected);
  return last;
}

export const idOf = (answer: string) => answer.replace(/^OK\|/, '');

/**
 * Where the end-to-end server listens and which database it uses. Shared by playwright.config.ts,
 * the server wrapper (serve.ts) and the specs, so every side agrees without passing state around.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * The proxy gateway the e2e server runs (HTTP/CONNECT; SOCKS5 is the next port): 20000 + 2 × E2E_PORT,
 * below the ephemeral range and apart for every helper's E2E_PORT.
 */
export const E2E_PROXY_HTTP_PORT = 20_000 + E2E_PORT * 2;

/** The international site: English at unprefixed paths. */
export const INTL_ORIGIN = `http://localhost:${E2E_PORT}`;

/** The Russian-language host: the same server reached by another host name. */
export const RU_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** The database the e2e server runs on when DATABASE_URL (an admin connection) is set. */
export const E2E_DATABASE_NAME = E2E_PORT === 3210 ? 'captchahub_e2e' : `captchahub_e2e_${E2E_PORT}`;

/** The e2e server's PostgreSQL URL, or null when the run uses embedded PGlite. */
export function e2eDatabaseUrl(adminUrl: string | undefined = process.env.DATABASE_URL): string | null {
  if (!adminUrl) return null;
  const url = new URL(adminUrl);
  url.pathname = `/${E2E_DATABASE_NAME}`;
  return url.toString();
}

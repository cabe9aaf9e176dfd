/**
 * Where the end-to-end server listens and which database it uses. Shared by playwright.config.ts,
 * the server wrapper (serve.ts) and the specs, so every side agrees without passing state around.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

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

/**
 * The e2e server's mail outbox. Without SMTP the app writes every mail as JSON
 * ({id,to,subject,text,html,createdAt}) to `<DATA_DIR>/outbox/` (server/modules/mail/mail.service.ts).
 *
 * serve.ts creates DATA_DIR with mkdtemp, so it publishes the path in a file at a fixed location
 * derived from the port (like accounts.ts does for the seeded accounts); the specs read it from
 * there. Should that file be missing, every e2e data directory under the OS temp dir is searched:
 * the specs use addresses nobody else uses, so a mail to one of them can only be theirs.
 *
 * No Playwright imports: serve.ts (a plain node process) uses the publishing half.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT } from './env.ts';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Where serve.ts writes the e2e server's DATA_DIR for this port. */
export const E2E_DATA_DIR_FILE = path.join(os.tmpdir(), `captchahub-e2e-${E2E_PORT}-data-dir`);

let published: string | null = null;

/** serve.ts: tells the specs where the server keeps its data (and so its outbox). */
export function publishDataDir(dataDir: string): void {
  published = path.resolve(dataDir);
  writeFileSync(E2E_DATA_DIR_FILE, published);
}

/** serve.ts, on exit: removes the file unless a newer server on the same port replaced it. */
export function unpublishDataDir(): void {
  if (published !== null && existsSync(E2E_DATA_DIR_FILE) && readFileSync(E2E_DATA_DIR_FILE, 'utf8') === published) {
    rmSync(E2E_DATA_DIR_FILE, { force: true });
  }
}

/** The outbox directories to read: the published one, else every e2e data dir (mkdtemp names). */
function outboxDirs(): string[] {
  if (existsSync(E2E_DATA_DIR_FILE)) return [path.join(readFileSync(E2E_DATA_DIR_FILE, 'utf8').trim(), 'outbox')];
  const tmp = os.tmpdir();
  return readdirSync(tmp)
    .filter((name) => /^captchahub-e2e-[A-Za-z0-9]{6}$/.test(name))
    .map((name) => path.join(tmp, name, 'outbox'));
}

/** Every mail in the outbox, oldest first. */
export function readOutbox(): OutboxMail[] {
  const mails: OutboxMail[] = [];
  for (const dir of outboxDirs()) {
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    } catch {
      continue; // no mail sent yet
    }
    for (const file of files) {
      try {
        mails.push(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMail);
      } catch {
        // being written right now: the next poll reads it
      }
    }
  }
  return mails.sort((a, b) => a.id.localeCompare(b.id));
}

export interface MailQuery {
  /** The exact subject (from the mail catalogue, shared/i18n/locales/<lang>/mail.json). */
  subject?: string;
  /** Mails already seen (their ids) are skipped: "the next mail". */
  except?: readonly string[];
  timeoutMs?: number;
}

/**
 * Waits for a mail to `to` (matching `subject`, not in `except`) and returns the newest such mail.
 * The app writes the file before it answers the request that sent it, so this is normally instant.
 */
export async function waitForMail(to: string, query: MailQuery = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (query.timeoutMs ?? 10_000);
  const address = to.toLowerCase();
  for (;;) {
    const all = readOutbox();
    const found = all.filter(
      (m) =>
        m.to.toLowerCase() === address &&
        (query.subject === undefined || m.subject === query.subject) &&
        !(query.except ?? []).includes(m.id),
    );
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) {
      const toThem = all.filter((m) => m.to.toLowerCase() === address).map((m) => `"${m.subject}"`);
      throw new Error(
        `no mail to ${to}${query.subject ? ` with subject "${query.subject}"` : ''} in the outbox (${outboxDirs().join(', ')}); ` +
          `mails to that address: ${toThem.length ? toThem.join(', ') : 'none'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ids of the mails to `to` so far (for `except`). */
export function mailIdsTo(to: string): string[] {
  return readOutbox()
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .map((m) => m.id);
}

/**
 * The one link in a mail whose path matches `pathPattern` (language prefix allowed in front), as
 * a URL. The text and the HTML part must carry the same link.
 */
export function linkIn(mail: OutboxMail, pathPattern: RegExp): URL {
  const links = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  const matching = links.filter((raw) => pathPattern.test(new URL(raw).pathname.replace(/^\/(ru|zh)(?=\/)/, '')));
  if (matching.length !== 1) {
    throw new Error(
      `expected one link matching ${pathPattern} in the mail "${mail.subject}" to ${mail.to}, found ${matching.length}:\n${mail.text}`,
    );
  }
  const raw = matching[0]!;
  const escaped = raw.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  if (!mail.html.includes(`href="${escaped}"`)) {
    throw new Error(`the HTML part of "${mail.subject}" does not link to ${raw}:\n${mail.html}`);
  }
  return new URL(raw);
}

/** `{hash, userId}` of an e-mailed hash link (`…/{hash}/{userId}[/{status}]`). */
export function hashLinkParts(link: URL): { hash: string; userId: number } {
  const m = /\/auth\/[a-z_]+\/([A-Za-z0-9_-]+)\/(\d+)(?:\/[a-z]+)?$/.exec(link.pathname);
  if (!m) throw new Error(`${link.href} is not a hash link`);
  return { hash: m[1]!, userId: Number(m[2]) };
}

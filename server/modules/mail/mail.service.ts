import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxMail } from '#shared/contracts/admin.ts';
import { randomToken } from '#server/lib/crypto.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The outbox, newest first (empty when mail goes out through SMTP). */
  outbox(): OutboxMail[];
}

/**
 * SMTP when `smtpUrl` is set; otherwise each mail is written as JSON to `<dataDir>/outbox`, where
 * admins read it in the app and tests follow its links.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  const dir = path.resolve(opts.dataDir, 'outbox');
  let transport: Transporter | null = null;
  if (opts.smtpUrl) transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
        return;
      }
      mkdirSync(dir, { recursive: true });
      const createdAt = new Date().toISOString();
      const id = `${createdAt.replace(/[:.]/g, '-')}-${randomToken(6)}`;
      const record: OutboxMail = { id, createdAt, ...mail };
      writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(record, null, 2));
    },
    outbox() {
      let files: string[];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.json'));
      } catch {
        return [];
      }
      return files
        .sort()
        .reverse()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import * as repo from './apilog.repo.ts';

export { listApiErrors } from './apilog.repo.ts';

/** Rows kept per account; older ones go at each flush. */
export const MAX_ROWS_PER_ACCOUNT = 1000;
/** Rows older than this are deleted by the jobs. */
export const RETENTION_DAYS = 30;

export interface ApiErrorEntry {
  /** The (well-formed, lower-case) API key the request carried; resolved to the account at flush. */
  apiKey: string;
  ip: string;
  code: string;
  /** The request without secrets or values: see compat/error-log.ts. */
  summary: string;
  at: Date;
}

export interface ApiErrorLogOptions {
  flushMs?: number;
  batchRows?: number;
  /** Beyond this many waiting rows new ones are dropped (the database is not keeping up). */
  maxBuffered?: number;
}

/**
 * The protocol errors answered to accounts, written in batches off the request path: recorded in
 * memory, flushed every `flushMs` or at `batchRows` rows, and on close. The API key stays in
 * memory until the flush, where one query turns keys into account ids (unknown keys are dropped);
 * it is never written.
 */
export class ApiErrorLog {
  private buffer: ApiErrorEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private readonly flushMs: number;
  private readonly batchRows: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: ApiErrorLogOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 1_000;
    this.batchRows = opts.batchRows ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 10_000;
  }

  record(entry: ApiErrorEntry) {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes everything recorded so far (one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close() {
    await this.flush();
  }

  private async write() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'api error log: rows dropped, the database did not keep up');
      this.dropped = 0;
    }
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.batchRows);
      try {
        const ids = await repo.userIdsByApiKeys(this.db, [...new Set(batch.map((e) => e.apiKey))]);
        const rows = batch.flatMap((e) => {
          const userId = ids.get(e.apiKey);
          return userId === undefined ? [] : [{ userId, ip: e.ip, code: e.code, summary: e.summary, createdAt: e.at }];
        });
        await repo.insertApiErrors(this.db, rows);
        await repo.capApiErrors(this.db, [...new Set(rows.map((r) => r.userId))], MAX_ROWS_PER_ACCOUNT);
      } catch (err) {
        this.log.error({ err, rows: batch.length }, 'api error log: batch not written');
      }
    }
  }
}

/** The jobs' retention pass: rows older than RETENTION_DAYS. */
export async function pruneOldApiErrors(ctx: { db: Db }): Promise<number> {
  return repo.pruneApiErrors(ctx.db, RETENTION_DAYS);
}

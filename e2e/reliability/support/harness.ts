/**
 * What the reliability specs need to own a server of their own (not Playwright's shared
 * webServer): start the production build on a private port and data store, kill it with SIGKILL
 * or stop it gracefully, read its database, and drive it as a customer (v1 API) and as workers
 * (/ws). No browser.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import WebSocket from 'ws';
import type { ServerMessage, TaskOffer } from '../../../shared/contracts/realtime.ts';

const run = promisify(execFile);
const SERVER_ENTRY = path.resolve('dist/server/main.js');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------
// The data store: a fresh PGlite data directory, or a fresh PostgreSQL database.

export type Row = Record<string, unknown>;

export interface Store {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** The app's DATABASE_URL ('' on PGlite). */
  databaseUrl: string;
  /**
   * Runs queries on the store. On PGlite only while the server is stopped (the test opens the
   * data directory itself, holding the app's pid lock meanwhile).
   */
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Closes what query() opened (the PGlite instance), so the server can start again. */
  release(): Promise<void>;
  dispose(): Promise<void>;
}

export async function createStore(name: string, adminUrl = process.env.DATABASE_URL): Promise<Store> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `captchahub-${name}-`));
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      kind: 'postgres',
      dataDir,
      databaseUrl,
      async query(sql, params = []) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(sql, params)).rows as Row[];
        } finally {
          await client.end();
        }
      },
      async release() {},
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  let db: PGlite | null = null;
  const lock = path.join(dataDir, '.lock');
  const release = async () => {
    if (!db) return;
    await db.close();
    db = null;
    rmSync(lock, { force: true });
  };
  return {
    kind: 'pglite',
    dataDir,
    databaseUrl: '',
    async query(sql, params = []) {
      if (!db) {
        // The app's own lock protocol (server/db/data-dir-lock.ts): our pid in DATA_DIR/.lock.
        const fd = openSync(lock, 'wx');
        writeFileSync(fd, String(process.pid));
        closeSync(fd);
        db = await PGlite.create(path.join(dataDir, 'pglite'));
      }
      return (await db.query<Row>(sql, params)).rows;
    },
    release,
    async dispose() {
      await release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the seed script (e2e/reliability/support/seed-users.ts) against the store. */
export async function seedUsers(store: Store, opts: { prefix: string; workers: number; password: string; balance: string }) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.resolve('e2e/reliability/support/seed-users.ts')], {
    env: {
      ...process.env,
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl,
      LOG_LEVEL: 'silent',
      SEED_PREFIX: opts.prefix,
      SEED_WORKERS: String(opts.workers),
      SEED_PASSWORD: opts.password,
      SEED_BALANCE: opts.balance,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as {
    customer: { id: number; apiKey: string; email: string };
    workers: { id: number; email: string }[];
  };
}

// ---------------------------------------------------------------------------------------------
// The server process.

export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  readonly origin: string;

  constructor(
    readonly store: Store,
    readonly port: number,
    readonly logFile: string,
  ) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts dist/server/main.js and waits for /readyz. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build first (npx vite build && npx vite build --ssr)`);
    const log = openSync(this.logFile, 'a');
    writeFileSync(log, `\n==== start ${new Date().toISOString()} ====\n`);
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.store.dataDir,
        DATABASE_URL: this.store.databaseUrl,
        PUBLIC_URL: this.origin,
        RU_URL: '',
        ZH_URL: '',
        API_URL: '',
        RATE_LIMITS: 'false',
        // A crash test on a busy machine: never answer its pages 503 for load (server/plugins/load-shedding.ts).
        SHED_LAG_MS: '0',
        LOG_LEVEL: process.env.KILL9_LOG_LEVEL ?? 'warn',
      },
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    let gone: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    void this.exited.then((e) => (gone = e));
    await waitFor(
      `${this.origin}/readyz`,
      async () => {
        if (gone) throw new Error(`the server exited during start-up (${JSON.stringify(gone)}); see ${this.logFile}`);
        try {
          const res = await fetch(`${this.origin}/readyz`);
          return res.ok ? true : undefined;
        } catch {
          return undefined;
        }
      },
      timeoutMs,
      100,
    );
  }

  /** kill -9: no shutdown hook runs, nothing is flushed or released. */
  async kill9() {
    const child = this.child!;
    child.kill('SIGKILL');
    const result = await this.exited!;
    this.child = null;
    return result;
  }

  /** SIGTERM: the graceful shutdown (in-flight requests finish, the database is closed). */
  async stop(timeoutMs = 15_000) {
    const child = this.child;
    if (!child) return null;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const result = await this.exited!;
    clearTimeout(timer);
    this.child = null;
    return result;
  }
}

// ---------------------------------------------------------------------------------------------
// Clients.

function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    out[pair!.slice(0, eq).trim()] = pair!.slice(eq + 1).trim();
  }
  return out;
}

/** An anonymous visitor's CSRF token from any page (good for signing in; sign-in issues a new one). */
export async function csrfToken(origin: string): Promise<string> {
  const res = await fetch(`${origin}/`);
  await res.arrayBuffer();
  const token = cookiesOf(res).csrf_token;
  if (!token) throw new Error(`GET / set no csrf_token cookie (status ${res.status})`);
  return token;
}

/** Signs in through the site API; returns the Cookie header value for /ws. */
export async function signIn(origin: string, csrf: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.text();
  const { sid, csrf_token: token } = cookiesOf(res);
  if (!res.ok || !sid || !token) throw new Error(`login of ${email} failed: ${res.status} ${body}`);
  // The session's own CSRF token: the pre-sign-in one is no longer valid.
  return `sid=${sid}; csrf_token=${token}`;
}

/** v1 in.php with a base64 image; returns the task id. */
export async function submitImage(origin: string, key: string, png: Buffer): Promise<number> {
  const res = await fetch(`${origin}/in.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, method: 'base64', body: png.toString('base64') }),
  });
  const text = await res.text();
  const m = /^OK\|(\d+)$/.exec(text);
  if (!m) throw new Error(`in.php answered ${res.status} ${text}`);
  return Number(m[1]);
}

export type V1Outcome = 'processing' | 'solved' | 'unsolvable';

/** res.php?action=get&ids=… (bulk): each task's state as the customer sees it. */
export async function taskOutcomes(origin: string, key: string, ids: number[]): Promise<Map<number, V1Outcome>> {
  const out = new Map<number, V1Outcome>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const res = await fetch(`${origin}/res.php?key=${key}&action=get&ids=${chunk.join(',')}`);
    const text = await res.text();
    const parts = text.split('|');
    if (!res.ok || parts.length !== chunk.length) throw new Error(`res.php bulk get answered ${res.status} ${text.slice(0, 300)}`);
    chunk.forEach((id, j) => {
      const p = parts[j]!;
      if (p === 'CAPCHA_NOT_READY') out.set(id, 'processing');
      else if (p === 'ERROR_CAPTCHA_UNSOLVABLE') out.set(id, 'unsolvable');
      else if (p.startsWith('ERROR_')) throw new Error(`res.php: task ${id} answered ${p}`);
      else out.set(id, 'solved');
    });
  }
  return out;
}

/** The text a worker answers for a task: who answered what can be checked in the database. */
export const answerText = (workerIndex: number, taskId: number) => `w${workerIndex}t${taskId}`;

/**
 * One worker on /ws (realtime protocol: start → offer → answer → accepted → next offer). In
 * auto mode every offer is answered at once; otherwise the test answers with answer().
 */
export class WorkerClient {
  ws!: WebSocket;
  /** The task on offer now (the server offers one at a time). */
  current: number | null = null;
  readonly offers: number[] = [];
  /** Answers the server confirmed (`accepted`): these must be durable. */
  readonly accepted: number[] = [];
  readonly errors: string[] = [];
  ready = false;
  waiting = false;
  closed = false;
  auto = false;
  /** In auto mode these tasks are given back (skip) instead of answered. */
  readonly skipIds = new Set<number>();
  readonly skipped: number[] = [];
  private listeners: (() => void)[] = [];

  constructor(
    readonly index: number,
    readonly userId: number,
    private readonly cookie: string,
  ) {}

  async connect(origin: string): Promise<void> {
    this.ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, { headers: { cookie: this.cookie } });
    this.ws.on('message', (raw) => this.onMessage(JSON.parse(String(raw)) as ServerMessage));
    this.ws.on('close', () => {
      this.closed = true;
      this.changed();
    });
    this.ws.on('error', (err) => this.errors.push(`socket: ${err.message}`));
    await new Promise<void>((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  private changed() {
    for (const l of this.listeners.splice(0)) l();
  }

  private onMessage(msg: ServerMessage) {
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        break;
      case 'offer':
        this.onOffer(msg.task);
        break;
      case 'accepted':
        this.accepted.push(msg.taskId);
        if (this.current === msg.taskId) this.current = null;
        break;
      case 'released':
        this.skipped.push(msg.taskId);
        if (this.current === msg.taskId) this.current = null;
        break;
      case 'waiting':
        this.waiting = true;
        this.current = null;
        break;
      case 'error':
        this.errors.push(`${msg.code ?? ''} ${msg.message}`);
        if (msg.code === 'CONFLICT') {
          // The task was taken back (lease or lifetime ran out). The server forgets it but offers
          // nothing more until the worker starts again.
          this.current = null;
          if (this.auto) void this.start().catch(() => undefined);
        }
        break;
      default:
        break;
    }
    this.changed();
  }

  private onOffer(task: TaskOffer) {
    this.waiting = false;
    this.current = task.id;
    this.offers.push(task.id);
    if (!this.auto) return;
    const sent = this.skipIds.has(task.id) ? this.send({ type: 'skip', taskId: task.id, reason: 'skipped' }) : this.answer();
    sent.catch((err: Error) => this.errors.push(`send: ${err.message}`));
  }

  send(message: unknown): Promise<void> {
    return new Promise((resolve, reject) => this.ws.send(JSON.stringify(message), (err) => (err ? reject(err) : resolve())));
  }

  start() {
    return this.send({ type: 'start' });
  }

  /** Answers the task on offer; resolves when the frame is written (not when it is accepted). */
  answer(): Promise<void> {
    const taskId = this.current!;
    return this.send({ type: 'answer', taskId, answer: { kind: 'text', text: answerText(this.index, taskId) } });
  }

  /** Resolves when `cond` holds (re-checked on every message), or rejects after timeoutMs. */
  until(what: string, cond: () => boolean, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker ${this.index}: timed out waiting for ${what}; errors: ${this.errors.join('; ')}`)), timeoutMs);
      const check = () => {
        if (cond()) {
          clearTimeout(timer);
          resolve();
        } else this.listeners.push(check);
      };
      check();
    });
  }

  close() {
    if (!this.closed) this.ws.close();
  }
}

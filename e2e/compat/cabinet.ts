/**
 * The worker's side of the compat specs: a signed-in worker in the browser cabinet (/cabinet).
 * The page's own WebSocket traffic (/ws) is recorded, so a spec can tell which task is on screen
 * and which answer the page sent; solving itself happens through the page's controls only.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './expect.ts';
import type { ServerMessage, TaskOffer, WorkerClientMessage } from '../../shared/contracts/realtime.ts';
import { formatMoney, parseMoney } from '../../shared/money.ts';
import { tr, waitForHydration } from '../support/app.ts';
import type { E2eAccount } from '../support/accounts.ts';

/**
 * Goes to `url` (expecting 200) and waits for hydration (support/app.ts), retried for up to a
 * minute: on a loaded machine the first visit of a page can take longer than one attempt allows.
 */
export async function openHydrated(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), `status of ${url}`).toBe(200);
  await expect(() => waitForHydration(page)).toPass({ timeout: 60_000 });
}

type Frame = { direction: 'sent'; message: WorkerClientMessage } | { direction: 'received'; message: ServerMessage };

/** How a worker in /cabinet sees the task on offer. */
export interface OnScreenTask {
  offer: TaskOffer;
  /** The task stage (a region named "Current task: …"). */
  stage: Locator;
}

export class Cabinet {
  private readonly frames: Frame[] = [];

  constructor(readonly page: Page) {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname !== '/ws') return;
      ws.on('framesent', (f) => this.record('sent', f.payload));
      ws.on('framereceived', (f) => this.record('received', f.payload));
    });
  }

  private record(direction: Frame['direction'], payload: string | Buffer) {
    try {
      this.frames.push({ direction, message: JSON.parse(String(payload)) } as Frame);
    } catch {
      // not ours
    }
  }

  /** A mark in the recorded traffic: later lookups only see what came after it. */
  mark(): number {
    return this.frames.length;
  }

  private received<T extends ServerMessage['type']>(type: T, since: number): Extract<ServerMessage, { type: T }>[] {
    return this.frames
      .slice(since)
      .filter((f): f is Extract<Frame, { direction: 'received' }> => f.direction === 'received' && f.message.type === type)
      .map((f) => f.message as Extract<ServerMessage, { type: T }>);
  }

  /** Signs in through /auth/login. */
  async signIn(account: E2eAccount): Promise<void> {
    await openHydrated(this.page, '/auth/login');
    await this.page.getByLabel(tr('en', 'auth:fields.email.label')).fill(account.email);
    await this.page.getByLabel(tr('en', 'auth:fields.password.label'), { exact: true }).fill(account.password);
    await this.page.getByRole('button', { name: tr('en', 'auth:login.submit') }).click();
    await this.page.waitForURL((url) => !url.pathname.startsWith('/auth/login'), { timeout: 30_000 });
  }

  /**
   * Opens /cabinet, presses "Start work" and waits until the worker is in the queue: waiting, or
   * already offered a task that was queued before (`nextTask(since)` with a mark taken before
   * this call then finds it).
   */
  async startWork(): Promise<void> {
    await openHydrated(this.page, '/cabinet');
    const since = this.mark();
    await this.page.getByRole('button', { name: tr('en', 'worker:work.start') }).click();
    await expect.poll(() => this.received('ready', since).length, { message: 'the server accepted "start"' }).toBe(1);
    const waiting = this.page.getByRole('heading', { name: tr('en', 'worker:work.waiting') });
    await expect
      .poll(async () => this.received('offer', since).length > 0 || (await waiting.isVisible()), { message: 'the worker waits for a task or has one on offer' })
      .toBe(true);
  }

  /** Presses "Stop work" and waits until the server has let the worker go (no more offers). */
  async stopWork(): Promise<void> {
    const since = this.mark();
    await this.page.getByRole('button', { name: tr('en', 'worker:work.stop') }).click();
    await expect.poll(() => this.received('stopped', since).length, { message: 'the server accepted "stop"' }).toBe(1);
  }

  /**
   * The first offer that arrived after `since`, once it is on screen. Waits up to 30 s: the task
   * may still be on its way (a client library's upload, an extension's), and a loaded machine is slow.
   */
  async nextTask(since: number): Promise<OnScreenTask> {
    await expect.poll(() => this.received('offer', since).length, { message: 'a task is offered to the worker', timeout: 30_000 }).toBeGreaterThan(0);
    const offer = this.received('offer', since)[0]!.task;
    const stage = this.page.getByRole('region', { name: /^Current task: / });
    await expect(stage).toBeVisible();
    return { offer, stage };
  }

  /**
   * The first offer after `since` that `mine` accepts, skipping (through the stage's Skip button)
   * any other. A worker isolated by language still takes tasks that carry no language (token
   * tasks, image tasks of customers without a default language), so in a parallel run another
   * spec's task can reach it first; skipping gives it straight back to the queue for that spec's
   * own worker. Returns the offer on screen and a mark taken right after it arrived.
   */
  async nextTaskMatching(mine: (offer: TaskOffer) => boolean, since: number, timeoutMs = 60_000): Promise<OnScreenTask & { since: number }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { offer, stage } = await this.nextTask(since);
      since = this.mark();
      if (mine(offer)) return { offer, stage, since };
      if (Date.now() > deadline) throw new Error(`only other specs' tasks reached the worker (last: task ${offer.id}, ${offer.type})`);
      await stage.getByRole('button', { name: tr('en', 'worker:stage.skip') }).click();
    }
  }

  /** The answer the page sent for a task. */
  sentAnswer(taskId: number): unknown {
    const frame = this.frames.find((f) => f.direction === 'sent' && f.message.type === 'answer' && f.message.taskId === taskId);
    if (!frame) throw new Error(`the page sent no answer for task ${taskId}`);
    return (frame.message as Extract<WorkerClientMessage, { type: 'answer' }>).answer;
  }

  /** Waits for the server to accept the page's answer; returns the `accepted` message. */
  async accepted(taskId: number, since: number) {
    await expect
      .poll(() => this.received('accepted', since).some((m) => m.taskId === taskId), { message: `the answer to task ${taskId} is accepted` })
      .toBe(true);
    return this.received('accepted', since).find((m) => m.taskId === taskId)!;
  }

  /** The worker's balance in micro-USD, from the cabinet's API (GET /api/v2/worker). */
  async balance(): Promise<number> {
    const response = await this.page.request.get('/api/v2/worker');
    expect(response.status()).toBe(200);
    return parseMoney(((await response.json()) as { balance: string }).balance);
  }

  /** Expects the cabinet's balance figure to show `micros`. */
  async expectShownBalance(micros: number): Promise<void> {
    await expect(this.page.getByTestId('worker-balance')).toHaveText(`$${formatMoney(micros)}`);
  }

  /** Clicks "Submit" in the task stage. */
  async submit(stage: Locator): Promise<void> {
    await stage.getByRole('button', { name: tr('en', 'worker:stage.submit') }).click();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import type { ServerMessage, TaskOffer } from '#shared/contracts/realtime.ts';
import { formatMoney } from '#shared/money.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import type { TaskRow } from '#server/modules/tasks/tasks.repo.ts';
import { claimTask, skipTask, type TaskEvent } from '#server/modules/tasks/tasks.service.ts';

export interface WorkerConn {
  socket: WebSocket;
  userId: number;
  languages: string[];
  /** Trusted workers also take verification re-solves. */
  trusted: boolean;
  sandbox: boolean;
  /** The task on offer, if any. */
  taskId: number | null;
  /** That task as it was offered: its answer is checked against it without reading it again. */
  offered?: Pick<TaskRow, 'id' | 'payload' | 'requestId'> | null;
}

/** Only what the worker's UI needs; the customer's proxy and cookies never reach the browser. */
const HIDDEN = new Set(['proxy', 'cookies', 'image', 'images', 'imgInstructions']);

export function toOffer(task: TaskRow & { leaseExpiresAt: Date }): TaskOffer {
  const def = getCaptchaType(task.type)!;
  const payload = task.payload as Record<string, unknown>;
  const params = Object.fromEntries(Object.entries((payload.params as Record<string, unknown>) ?? {}).filter(([k]) => !HIDDEN.has(k)));
  if (typeof payload.imgInstructions === 'string') params.imgInstructions = `data:image/png;base64,${payload.imgInstructions}`;
  const mime = def.ui === 'audio' ? 'audio/mpeg' : 'image/png';
  const images = Array.isArray(payload.images) ? (payload.images as string[]) : [];
  return {
    id: task.id,
    type: task.type,
    ui: def.ui,
    kind: def.kind,
    media: task.image ? `data:${mime};base64,${task.image.toString('base64')}` : null,
    mediaList: images.map((b) => `data:image/png;base64,${b}`),
    params,
    reward: formatMoney(task.reward),
    deadline: task.leaseExpiresAt.getTime(),
  };
}

export function send(socket: WebSocket, message: ServerMessage) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * This node's connected workers. Idle workers wait in arrival order, so a new task goes to the
 * one who has waited longest. Claims go through the database (SKIP LOCKED), so many nodes can
 * share one queue.
 */
export class WorkerHub {
  private readonly idle = new Map<WebSocket, WorkerConn>();
  private readonly customers = new Map<number, Set<WebSocket>>();
  /** Workers who pressed Start on this node (waiting or with a task on offer) until they stop or leave. */
  private readonly working = new Map<WebSocket, WorkerConn>();
  /** Bumped by every queued task: a claim that found nothing looks again if tasks came meanwhile. */
  private queuedSeq = 0;
  /** Set once the node shuts down: no more offers (drain). */
  private draining = false;

  constructor(
    private readonly ctx: () => Ctx,
    private readonly log: FastifyBaseLogger,
    /** Called as each offer is sent, with the seconds since the task was queued (the /metrics histogram). */
    private readonly onOffer: (waitedSeconds: number) => void = () => {},
  ) {}

  get idleCount() {
    return this.idle.size;
  }

  /** Live workers of this node for the load samples (public statistics); sandbox sessions are not counted. */
  get workerCounts(): { online: number; busy: number } {
    let online = 0;
    let busy = 0;
    for (const conn of this.working.values()) {
      if (conn.sandbox) continue;
      online++;
      if (conn.taskId !== null) busy++;
    }
    return { online, busy };
  }

  /** Offers the next task to this worker, or parks them as idle. */
  async offerNext(conn: WorkerConn): Promise<void> {
    if (this.draining) return;
    this.working.set(conn.socket, conn);
    this.idle.delete(conn.socket);
    await this.claimFor(conn, false);
  }

  /**
   * Claims for one worker. The worker is out of `idle` while this runs, so no other claim can
   * pick them: one worker never gets two offers, while claims for different workers run at once.
   * @returns whether the worker got a task (if not, they wait in `idle` again)
   */
  private async claimFor(conn: WorkerConn, wasIdle: boolean): Promise<boolean> {
    for (let look = 0; look < 3; look++) {
      const seq = this.queuedSeq;
      let task: Awaited<ReturnType<typeof claimTask>> = null;
      try {
        task = await claimTask(this.ctx(), { id: conn.userId, languages: conn.languages }, { sandbox: conn.sandbox });
      } catch (err) {
        this.log.error({ err, workerId: conn.userId }, 'claim failed');
      }
      if (conn.socket.readyState !== conn.socket.OPEN || !this.working.has(conn.socket)) {
        // Gone or stopped while we looked: a task claimed for them goes straight back to the queue.
        if (task) await skipTask(this.ctx(), conn.userId, task.id, 'skipped').catch((err: unknown) => this.log.error({ err }, 'release failed'));
        return task !== null;
      }
      if (task) {
        conn.taskId = task.id;
        conn.offered = { id: task.id, payload: task.payload, requestId: task.requestId };
        send(conn.socket, { type: 'offer', task: toOffer(task) });
        this.log.info({ reqId: task.requestId, taskId: task.id, workerId: conn.userId }, 'task offered');
        this.onOffer(Math.max(0, Date.now() - task.createdAt.getTime()) / 1000);
        return true;
      }
      // Nothing queued arrived while we looked: the queue really has nothing for this worker.
      if (seq === this.queuedSeq) break;
    }
    conn.taskId = null;
    this.idle.set(conn.socket, conn);
    if (!wasIdle) send(conn.socket, { type: 'waiting' });
    return false;
  }

  park(conn: WorkerConn) {
    this.idle.delete(conn.socket);
    this.working.delete(conn.socket);
  }

  /** A task was queued somewhere: offer it to the longest-waiting idle worker who can take it. */
  onEvent(event: TaskEvent): Promise<void> {
    if (event.kind === 'ended') {
      for (const socket of this.customers.get(event.customerId) ?? []) send(socket, { type: 'task', id: event.id, state: event.state });
      return Promise.resolve();
    }
    if (event.customerId !== undefined) {
      for (const socket of this.customers.get(event.customerId) ?? []) send(socket, { type: 'task', id: event.id, state: 'queued' });
    }
    this.queuedSeq++;
    return this.dispatch();
  }

  /** Offers a newly queued task to the longest-waiting idle worker who can take it (Map order is arrival order). */
  private async dispatch(): Promise<void> {
    if (this.draining) return;
    // Workers who may take the same tasks: once one of them found nothing, the others would too.
    const foundNothing = new Set<string>();
    for (const conn of [...this.idle.values()]) {
      const kind = `${conn.sandbox ? `sandbox:${conn.userId}` : 'live'}|${conn.trusted ? 'trusted' : ''}|${[...conn.languages].sort().join(',')}`;
      if (foundNothing.has(kind)) continue;
      if (!this.idle.delete(conn.socket)) continue; // a concurrent dispatch took this worker
      if (await this.claimFor(conn, true)) return;
      foundNothing.add(kind);
    }
  }

  get isDraining() {
    return this.draining;
  }

  /**
   * A clean shutdown (SIGTERM): no more offers; workers holding a task get until `graceMs` to
   * answer it (answers are still accepted), then what is still held is handed back explicitly
   * (`handBack`: queued again, no attempt counted); finally every socket is closed with 1012
   * (service restart), which clients take as "reconnect" — to another node, or to this one restarted.
   * @returns how many tasks were answered meanwhile and how many were handed back
   */
  async drain(graceMs: number, handBack: (conn: WorkerConn, taskId: number) => Promise<void>): Promise<{ held: number; handedBack: number }> {
    this.draining = true;
    this.idle.clear();
    const holding = () => [...this.working.values()].filter((c) => c.taskId !== null);
    const held = holding().length;
    const deadline = Date.now() + graceMs;
    while (holding().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const left = holding();
    await Promise.all(
      left.map(async (conn) => {
        const taskId = conn.taskId!;
        conn.taskId = null;
        await handBack(conn, taskId).catch((err: unknown) => this.log.error({ err, taskId }, 'hand-back failed: the lease expires instead'));
      }),
    );
    const sockets = new Set([...this.working.keys(), ...[...this.customers.values()].flatMap((s) => [...s])]);
    this.working.clear();
    for (const socket of sockets) socket.close(1012, 'service restart');
    return { held, handedBack: left.length };
  }

  /** A payment was credited: the user's open pages show the new balance. */
  onBalance(event: { userId: number; balance: number }) {
    for (const socket of this.customers.get(event.userId) ?? []) send(socket, { type: 'balance', balance: formatMoney(event.balance) });
  }

  watchCustomer(userId: number, socket: WebSocket) {
    const set = this.customers.get(userId) ?? new Set();
    set.add(socket);
    this.customers.set(userId, set);
    socket.on('close', () => set.delete(socket));
  }
}

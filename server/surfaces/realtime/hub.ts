import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import type { ServerMessage, TaskOffer } from '#shared/contracts/realtime.ts';
import { formatMoney } from '#shared/money.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import type { TaskRow } from '#server/modules/tasks/tasks.repo.ts';
import { claimTask, type TaskEvent } from '#server/modules/tasks/tasks.service.ts';

export interface WorkerConn {
  socket: WebSocket;
  userId: number;
  languages: string[];
  sandbox: boolean;
  /** The task on offer, if any. */
  taskId: number | null;
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
  /** Claims run one at a time per node, so one worker never gets two offers at once. */
  private chain: Promise<void> = Promise.resolve();

  private serial(job: () => Promise<void>): Promise<void> {
    const next = this.chain.then(job).catch((err: unknown) => this.log.error({ err }, 'worker hub job failed'));
    this.chain = next;
    return next;
  }

  constructor(
    private readonly ctx: () => Ctx,
    private readonly log: FastifyBaseLogger,
  ) {}

  get idleCount() {
    return this.idle.size;
  }

  /** Offers the next task to this worker, or parks them as idle. */
  offerNext(conn: WorkerConn): Promise<void> {
    return this.serial(() => this.claimFor(conn));
  }

  private async claimFor(conn: WorkerConn): Promise<void> {
    this.idle.delete(conn.socket);
    const task = await claimTask(this.ctx(), { id: conn.userId, languages: conn.languages }, { sandbox: conn.sandbox });
    if (conn.socket.readyState !== conn.socket.OPEN) {
      return; // the socket closed meanwhile; the lease will lapse and requeue the task
    }
    if (!task) {
      conn.taskId = null;
      this.idle.set(conn.socket, conn);
      send(conn.socket, { type: 'waiting' });
      return;
    }
    conn.taskId = task.id;
    send(conn.socket, { type: 'offer', task: toOffer(task) });
  }

  park(conn: WorkerConn) {
    this.idle.delete(conn.socket);
  }

  /** A task was queued somewhere: offer it to the longest-waiting idle worker who can take it. */
  onEvent(event: TaskEvent): Promise<void> {
    if (event.kind === 'ended') {
      for (const socket of this.customers.get(event.customerId) ?? []) send(socket, { type: 'task', id: event.id, state: event.state });
      return Promise.resolve();
    }
    return this.serial(async () => {
      // Map order is arrival order: the longest-waiting worker is asked first.
      for (const conn of this.idle.values()) {
        const task = await claimTask(this.ctx(), { id: conn.userId, languages: conn.languages }, { sandbox: conn.sandbox });
        if (task) {
          this.idle.delete(conn.socket);
          conn.taskId = task.id;
          send(conn.socket, { type: 'offer', task: toOffer(task) });
          return;
        }
      }
    });
  }

  watchCustomer(userId: number, socket: WebSocket) {
    const set = this.customers.get(userId) ?? new Set();
    set.add(socket);
    this.customers.set(userId, set);
    socket.on('close', () => set.delete(socket));
  }
}

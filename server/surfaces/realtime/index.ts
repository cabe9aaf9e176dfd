import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { WorkerClientMessage } from '#shared/contracts/realtime.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { getBalance } from '#server/modules/billing/billing.service.ts';
import { BALANCE_CHANNEL } from '#server/modules/payments/payments.repo.ts';
import { findApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { answerTask, handBackTask, skipTask, TASK_CHANNEL, type TaskEvent } from '#server/modules/tasks/tasks.service.ts';
import { getWorkerState } from '#server/modules/workers/workers.service.ts';
import { isSiteOrigin, siteOrigins } from '#server/lib/origins.ts';
import { loadAuth } from '#server/plugins/session.ts';
import { send, WorkerHub, type WorkerConn } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    workerHub: WorkerHub;
  }
}

function parse(raw: unknown): WorkerClientMessage | null {
  try {
    const msg = JSON.parse(String(raw)) as WorkerClientMessage;
    return typeof msg === 'object' && msg !== null && typeof msg.type === 'string' ? msg : null;
  } catch {
    return null;
  }
}

/**
 * /ws: workers receive task offers and answer them; customers hear when their tasks end.
 * Authenticated on upgrade by the session cookie. Each node LISTENs to the task channel.
 */
export const realtime = fp(
  async (app: FastifyInstance) => {
    // SIGTERM (server/start.ts → app.close()): before the server stops, workers finish or hand back
    // what they hold and are told to reconnect (hub.drain, within half of the shutdown grace); this
    // replaces the plugin's own preClose, which would close every socket at once.
    let drain = async () => {};
    await app.register(fastifyWebsocket, {
      options: { maxPayload: 256 * 1024 },
      preClose: async function (this: FastifyInstance) {
        await drain();
        for (const client of this.websocketServer.clients) client.close(1012, 'service restart');
        await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
      },
    });
    // The solving loop runs on its own connections (database.dispatchDb): claims and answers never
    // wait for a connection behind submission batches, page loaders or result reads.
    const dispatchCtx = (log = app.log) => ({ db: app.database.dispatchDb, log, config: app.config, mailer: app.mailer, market: app.market });
    const hub = new WorkerHub(() => dispatchCtx(), app.log, (seconds) => app.metrics.offerLatency.observe(seconds));
    app.decorate('workerHub', hub);
    const unlisten = await app.database.listen(TASK_CHANNEL, (payload) => {
      void hub.onEvent(JSON.parse(payload) as TaskEvent);
    });
    app.addHook('onClose', async () => unlisten());
    drain = async () => {
      const { held, handedBack } = await hub.drain((app.config.SHUTDOWN_GRACE_SECONDS * 1000) / 2, (conn, taskId) => handBackTask(dispatchCtx(), conn.userId, taskId));
      app.log.info({ held, handedBack }, 'workers drained: answered or handed back, told to reconnect');
    };
    const unlistenBalance = await app.database.listen(BALANCE_CHANNEL, (payload) => hub.onBalance(JSON.parse(payload) as { userId: number; balance: number }));
    app.addHook('onClose', async () => unlistenBalance());

    // Cross-site WebSocket hijacking: a browser always sends Origin on a WebSocket handshake, and a
    // page on another site would carry the visitor's cookies. Only our own sites may connect. No
    // Origin at all is a non-browser client: it can only send a cookie it already holds.
    const origins = siteOrigins(app.config);
    const sameSiteOnly = async (req: FastifyRequest, reply: FastifyReply) => {
      const origin = req.headers.origin;
      if (origin !== undefined && !isSiteOrigin(origin, origins)) {
        return reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'Connections are accepted only from this site.' } });
      }
    };
    app.get('/ws', { websocket: true, preValidation: sameSiteOnly }, (socket: WebSocket, req) => {
      // Shutting down: come back in a moment (another node, or this one restarted).
      if (hub.isDraining) {
        socket.close(1012, 'service restart');
        return;
      }
      // Listen at once: a client may send its first message before the session is loaded.
      const setup = (async () => {
        await loadAuth(req);
        const user = req.auth?.user;
        if (!user || req.auth?.session.twoFactorPending || user.blockedAt) {
          send(socket, { type: 'error', code: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
          socket.close(4401, 'unauthenticated');
          return null;
        }
        hub.watchCustomer(user.id, socket);
        const worker = await getWorkerState(req.ctx, user);
        const sandboxAllowed = (await findApiSettings(req.ctx.db, user.id)).sandbox;
        const conn: WorkerConn = { socket, userId: user.id, languages: worker.languages, trusted: worker.trusted, sandbox: false, taskId: null };
        return { user, worker, sandboxAllowed, conn };
      })();

      const ctx = dispatchCtx(req.log);
      const release = async (conn: WorkerConn, userId: number) => {
        if (conn.taskId !== null) await skipTask(ctx, userId, conn.taskId, 'skipped').catch(() => undefined);
        conn.taskId = null;
      };

      socket.on('message', async (raw: unknown) => {
        const state = await setup;
        if (!state) return;
        const { user, worker, sandboxAllowed, conn } = state;
        const msg = parse(raw);
        try {
          switch (msg?.type) {
            case 'start': {
              const sandbox = Boolean(msg.sandbox) && sandboxAllowed;
              if (!sandbox && !worker.qualified) throw new AppError('FORBIDDEN', worker.blocked ? 'Your work is paused pending a moderator review.' : 'Pass the training to receive real tasks.');
              conn.sandbox = sandbox;
              send(socket, { type: 'ready', qualified: worker.qualified, sandbox, balance: formatMoney(await getBalance(req.ctx, user.id)) });
              await hub.offerNext(conn);
              return;
            }
            case 'stop':
              hub.park(conn);
              await release(conn, user.id);
              send(socket, { type: 'stopped' });
              return;
            case 'answer': {
              if (msg.taskId !== conn.taskId) throw new AppError('CONFLICT', 'This task is not on offer to you.');
              const result = await answerTask(ctx, user.id, msg.taskId, msg.answer, conn.offered ?? undefined);
              conn.taskId = null;
              // The submitting request's id, not this socket's: `grep reqId` follows the task from in.php to here.
              app.log.info({ reqId: result.requestId, taskId: result.taskId, workerId: user.id }, 'task answered');
              send(socket, { type: 'accepted', taskId: result.taskId, reward: formatMoney(result.reward), balance: result.balance === null ? null : formatMoney(result.balance) });
              await hub.offerNext(conn);
              return;
            }
            case 'skip':
              if (msg.taskId !== conn.taskId) throw new AppError('CONFLICT', 'This task is not on offer to you.');
              await skipTask(ctx, user.id, msg.taskId, msg.reason === 'not_captcha' ? 'not_captcha' : 'skipped');
              conn.taskId = null;
              send(socket, { type: 'released', taskId: msg.taskId });
              await hub.offerNext(conn);
              return;
            default:
              throw new AppError('VALIDATION_FAILED', 'Unknown message.');
          }
        } catch (err) {
          if (err instanceof AppError) {
            if (err.code === 'CONFLICT') conn.taskId = null;
            send(socket, { type: 'error', code: err.code, message: err.message });
          } else {
            req.log.error({ err }, 'worker message failed');
            send(socket, { type: 'error', code: 'INTERNAL', message: 'Something went wrong on our side.' });
          }
        }
      });
      socket.on('close', () => {
        void setup.then((state) => {
          if (!state) return;
          hub.park(state.conn);
          void release(state.conn, state.user.id);
        });
      });
    });
  },
  { name: 'realtime' },
);

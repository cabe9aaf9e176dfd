/** Messages on /ws. Workers: start, stop, answer, skip; the server offers one task at a time. */
export type WorkerClientMessage =
  | { type: 'start'; sandbox?: boolean }
  | { type: 'stop' }
  | { type: 'answer'; taskId: number; answer: unknown }
  | { type: 'skip'; taskId: number; reason: 'skipped' | 'not_captcha' };

export interface TaskOffer {
  id: number;
  type: string;
  ui: string;
  kind: 'image' | 'token';
  /** data: URL of the image (or audio) to solve. */
  media: string | null;
  /** Extra images (rotate with several files). */
  mediaList: string[];
  /** What the worker needs: instructions, grid size, site key and page URL for token widgets… */
  params: Record<string, unknown>;
  /** What the worker earns for an accepted answer, USD. */
  reward: string;
  /** Epoch ms when the offer lapses. */
  deadline: number;
}

export type ServerMessage =
  | { type: 'ready'; qualified: boolean; sandbox: boolean; balance: string }
  | { type: 'offer'; task: TaskOffer }
  | { type: 'waiting' }
  | { type: 'stopped' }
  | { type: 'accepted'; taskId: number; reward: string; balance: string | null }
  | { type: 'released'; taskId: number }
  /**
   * To every socket of the task's customer (any signed-in user may just listen, without `start`):
   * a new submission (`queued`) or the end of a task. The customer console refetches its figures.
   */
  | { type: 'task'; id: number; state: 'queued' | 'solved' | 'unsolvable' }
  /** To every socket of a user whose payment was just credited: the new balance, USD. */
  | { type: 'balance'; balance: string }
  | { type: 'error'; message: string; code?: string };

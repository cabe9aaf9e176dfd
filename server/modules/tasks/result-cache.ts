import type { TaskEvent, TaskResult } from './tasks.service.ts';

interface Entry {
  customerId: number;
  createdAt: number;
  result: TaskResult;
}

/**
 * Task results per process, so that result polling (most of the API's traffic: clients poll
 * every few seconds until the answer is there) rarely reaches the database.
 *
 * A cached "processing" is only as good as the news of the task's end: every end is announced
 * on the task channel (pg_notify in the ending transaction), every node drops the task on that
 * news, and a read that was in flight when the news came is not stored. Solved and unsolvable
 * results never change. Until the listener is connected, and after it fails, the cache is off.
 */
export class ResultCache {
  private readonly entries = new Map<number, Entry>();
  /** Ends announced in the last few seconds: task id → [stamp, time]. */
  private readonly recentEnds = new Map<number, [number, number]>();
  private tick = 0;
  private live = false;

  constructor(private readonly maxEntries = 200_000) {}

  setLive(live: boolean) {
    this.live = live;
    if (!live) this.entries.clear();
  }

  get(customerId: number, id: number): Entry | undefined {
    if (!this.live) return undefined;
    const hit = this.entries.get(id);
    return hit && hit.customerId === customerId ? hit : undefined;
  }

  /** A monotonic stamp taken before reading a task, to pass to `set`. */
  stamp(): number {
    return ++this.tick;
  }

  set(id: number, entry: Entry, readAt: number) {
    if (!this.live) return;
    const ended = this.recentEnds.get(id);
    if (entry.result.state === 'processing' && ended && ended[0] >= readAt) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const drop = this.maxEntries / 10;
      let n = 0;
      for (const key of this.entries.keys()) {
        if (n++ >= drop) break;
        this.entries.delete(key);
      }
    }
    this.entries.set(id, entry);
  }

  onEvent(event: TaskEvent, now = Date.now()) {
    if (event.kind !== 'ended') return;
    this.entries.delete(event.id);
    this.recentEnds.delete(event.id);
    this.recentEnds.set(event.id, [++this.tick, now]);
    // Only reads in flight care about an end; a few seconds of history is plenty.
    for (const [id, [, at]] of this.recentEnds) {
      if (now - at < 10_000) break;
      this.recentEnds.delete(id);
    }
  }
}

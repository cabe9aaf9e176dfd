/**
 * A statistics history for the e2e server and for screenshots: three days of ended tasks of a
 * dedicated customer (solved and unsolvable, three types, prices from the type registry's live
 * pricing) and load samples every five minutes, written straight into the database before the
 * server opens it, then rolled up the way the server's job does. Deterministic (seeded random).
 * No queued tasks: nothing here reaches a worker or another spec's queue.
 */
import { sql } from 'drizzle-orm';
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { quote } from '#server/modules/pricing/pricing.service.ts';
import { rollUpStatistics } from '#server/modules/statistics/statistics.service.ts';
import { createConfirmedUser } from '#server/modules/users/users.service.ts';

const HOUR = 3_600_000;
const TYPES = [
  { slug: 'normal', weight: 6, work: [4, 14] },
  { slug: 'recaptcha_v2', weight: 3, work: [15, 45] },
  { slug: 'hcaptcha', weight: 1, work: [12, 35] },
] as const;

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function seedStatisticsHistory(ctx: Ctx, hours = 72): Promise<void> {
  const customer = await createConfirmedUser(ctx, { email: 'statistics-history@example.com', password: 'statistics-history-password', userType: 'customer' });
  const rnd = random(42);
  const now = Date.now();
  const firstHour = Math.floor(now / HOUR) * HOUR - hours * HOUR;
  const rows: string[] = [];
  const samples: string[] = [];
  for (let h = 0; h < hours; h++) {
    const start = firstHour + h * HOUR;
    const hourOfDay = new Date(start).getUTCHours();
    // Busier in the European and Asian daytime.
    const busy = 0.5 + 0.4 * Math.sin(((hourOfDay - 6) / 24) * 2 * Math.PI);
    const count = Math.round(8 + 22 * busy + rnd() * 6);
    const load = 1 + busy * 6;
    for (let i = 0; i < count; i++) {
      const pick = rnd() * 10;
      const type = pick < 6 ? TYPES[0] : pick < 9 ? TYPES[1] : TYPES[2];
      const q = quote(getCaptchaType(type.slug)!, load + rnd());
      const created = start + Math.floor(rnd() * (HOUR - 120_000));
      const wait = Math.round((1 + busy * 12 * rnd()) * 1000);
      const work = Math.round((type.work[0] + (type.work[1] - type.work[0]) * rnd()) * 1000);
      const solved = rnd() > 0.04;
      const ended = created + wait + work;
      rows.push(
        `(${customer.id}, '${type.slug}', '${type.slug === 'normal' ? 'image' : 'token'}', '${solved ? 'solved' : 'unsolvable'}', '{}'::jsonb, ${q.price}, ${q.reward}, 'v1', '127.0.0.1', 3, '${iso(created + HOUR)}', '${iso(created)}', '${iso(created + wait)}', '${iso(ended)}', ${solved ? 'null' : "'ERROR_CAPTCHA_UNSOLVABLE'"})`,
      );
    }
    for (let m = 0; m < 60; m += 5) {
      const online = Math.round(6 + 14 * busy + rnd() * 3);
      const working = Math.min(online, Math.round(online * (0.35 + 0.55 * busy) + rnd() * 2));
      samples.push(`('${iso(start + m * 60_000)}', 'seed', ${online}, ${working}, ${Math.round(busy * 4 * rnd())})`);
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await ctx.db.execute(
      sql.raw(`insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at, created_at, assigned_at, ended_at, failure)
        values ${rows.slice(i, i + 500).join(',')}`),
    );
  }
  await ctx.db.execute(sql.raw(`insert into load_samples (at, node, workers_online, workers_busy, queued) values ${samples.join(',')} on conflict do nothing`));
  await rollUpStatistics(ctx);
}

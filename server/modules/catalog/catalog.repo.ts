import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { captchaTypeSettings } from '#server/db/schema/index.ts';

export type TypeSettingRow = typeof captchaTypeSettings.$inferSelect;

/** Every stored switch (types without a row are enabled). */
export async function listTypeSettings(db: Db): Promise<TypeSettingRow[]> {
  return db.select().from(captchaTypeSettings);
}

export async function findDisabledSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: captchaTypeSettings.slug }).from(captchaTypeSettings).where(eq(captchaTypeSettings.enabled, false));
  return rows.map((r) => r.slug);
}

export async function upsertTypeSetting(db: Db, slug: string, enabled: boolean, updatedBy: number): Promise<TypeSettingRow> {
  const [row] = await db
    .insert(captchaTypeSettings)
    .values({ slug, enabled, updatedBy })
    .onConflictDoUpdate({ target: captchaTypeSettings.slug, set: { enabled, updatedBy, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function notifyChannel(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

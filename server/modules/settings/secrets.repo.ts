import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appSecrets } from '#server/db/schema/index.ts';

/** Returns the stored secret, creating it with `generate()` on first use (race-safe). */
export async function getOrCreateSecret(db: Db, key: string, generate: () => string): Promise<string> {
  await db.insert(appSecrets).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  return row!.value;
}

import { CAPTCHA_TYPES, getCaptchaType } from '#shared/captcha-types/index.ts';
import type { AdminCaptchaType } from '#shared/contracts/catalog.ts';
import { formatMoney } from '#shared/money.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { quote } from '#server/modules/pricing/pricing.service.ts';
import { countQueuedByType } from '#server/modules/tasks/tasks.repo.ts';
import * as repo from './catalog.repo.ts';

/** NOTIFY channel: a switch changed somewhere; every node drops its cached set. */
export const CATALOG_CHANNEL = 'catalog';
/** The longest a node may act on a stale set when a notification is lost (e.g. a LISTEN reconnect). */
export const CACHE_TTL_MS = 2_000;

interface Entry {
  disabled: ReadonlySet<string>;
  loadedAt: number;
  loading?: Promise<ReadonlySet<string>>;
}

/**
 * The disabled slugs per database handle (tests open several databases in one process). An
 * entry lives CACHE_TTL_MS; a change on this node or a NOTIFY from another drops all entries.
 */
let cache = new WeakMap<object, Entry>();

const changeListeners = new Set<() => void>();

export function invalidateCatalogCache() {
  cache = new WeakMap();
  for (const listener of changeListeners) listener();
}

/** Calls `listener` on every switch, made on this node or NOTIFYed by another; returns the unsubscribe. */
export function onCatalogChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The slugs admins switched off, from a cache at most CACHE_TTL_MS old. */
export async function disabledTypes(ctx: Pick<Ctx, 'db'>): Promise<ReadonlySet<string>> {
  const store = cache;
  const entry = store.get(ctx.db);
  const now = Date.now();
  if (entry && now - entry.loadedAt < CACHE_TTL_MS) return entry.disabled;
  if (entry?.loading) return entry.loading;
  const loading = repo.findDisabledSlugs(ctx.db).then(
    (slugs) => {
      const disabled = new Set(slugs);
      store.set(ctx.db, { disabled, loadedAt: Date.now() });
      return disabled;
    },
    (err: unknown) => {
      store.delete(ctx.db);
      throw err;
    },
  );
  store.set(ctx.db, { disabled: entry?.disabled ?? new Set(), loadedAt: 0, loading });
  return loading;
}

export async function isTypeEnabled(ctx: Pick<Ctx, 'db'>, slug: string): Promise<boolean> {
  return !(await disabledTypes(ctx)).has(slug);
}

/** Every registry type with its switch, live price and queue, in registry order. */
export async function listCaptchaTypesForAdmin(ctx: Ctx): Promise<AdminCaptchaType[]> {
  const [settings, queued] = await Promise.all([repo.listTypeSettings(ctx.db), countQueuedByType(ctx.db)]);
  const bySlug = new Map(settings.map((s) => [s.slug, s]));
  return CAPTCHA_TYPES.map((def) => {
    const s = bySlug.get(def.slug);
    return {
      slug: def.slug,
      kind: def.kind,
      enabled: s?.enabled ?? true,
      pricePer1000: formatMoney(quote(def, ctx.market?.loadOf(def.slug) ?? 0).per1000),
      queued: queued[def.slug] ?? 0,
      updatedAt: s ? s.updatedAt.toISOString() : null,
      updatedBy: s?.updatedBy ?? null,
    };
  });
}

/**
 * Switches a type on or off (the admin is recorded). Submissions of a disabled type are refused
 * on every node within CACHE_TTL_MS, at once where the NOTIFY arrives; queued tasks still run.
 * @throws AppError NOT_FOUND for a slug outside the registry
 */
export async function setTypeEnabled(ctx: Ctx, slug: string, enabled: boolean, adminId: number): Promise<AdminCaptchaType> {
  if (!getCaptchaType(slug)) throw new AppError('NOT_FOUND', `No captcha type ${slug}.`);
  await repo.upsertTypeSetting(ctx.db, slug, enabled, adminId);
  invalidateCatalogCache();
  await repo.notifyChannel(ctx.db, CATALOG_CHANNEL, slug);
  ctx.log.info({ slug, enabled, adminId }, 'captcha type switched');
  return (await listCaptchaTypesForAdmin(ctx)).find((t) => t.slug === slug)!;
}

/** LISTENs for switches made on other nodes; returns the unlisten (call it on close). */
export async function watchCatalog(database: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
  return database.listen(CATALOG_CHANNEL, () => invalidateCatalogCache());
}

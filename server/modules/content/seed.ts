import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTIONS, CONTENT_LANGUAGES, type ArticleInput, type Collection, type ContentLanguage } from '#shared/contracts/content.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { APP_ROOT } from '#server/lib/root.ts';
import * as repo from './content.repo.ts';
import { saveSeed } from './content.service.ts';

/** The starter articles kept in the repository: seed/<collection>/<slug>.<en|ru>.md. */
export const SEED_DIR = path.join(APP_ROOT, 'server/modules/content/seed');

interface SeedFile {
  title: string;
  summary: string;
  tags: string[];
  published: string;
  body: string;
}

/** `---` front matter (title, summary, tags, published) and the Markdown body. */
export function parseSeedFile(text: string, name: string): SeedFile {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${name}: no front matter`);
  const meta = new Map<string, string>();
  for (const line of match[1]!.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const title = meta.get('title');
  const published = meta.get('published');
  if (!title || !published) throw new Error(`${name}: title and published are required`);
  return {
    title,
    summary: meta.get('summary') ?? '',
    tags: (meta.get('tags') ?? '').split(',').map((t) => t.trim()).filter(Boolean),
    published,
    body: match[2]!.trim() + '\n',
  };
}

/** Every seed article: its collection, slug, language versions and the hash of its files. */
export async function readSeeds(dir = SEED_DIR): Promise<{ collection: Collection; slug: string; hash: string; input: ArticleInput }[]> {
  const out = [];
  for (const collection of COLLECTIONS) {
    let names: string[];
    try {
      names = (await readdir(path.join(dir, collection))).filter((n) => n.endsWith('.md')).sort();
    } catch {
      continue;
    }
    const bySlug = new Map<string, Partial<Record<ContentLanguage, { file: SeedFile; raw: string }>>>();
    for (const name of names) {
      const m = /^([a-z0-9-]+)\.(en|ru)\.md$/.exec(name);
      if (!m) throw new Error(`seed ${collection}/${name}: expected <slug>.<en|ru>.md`);
      const raw = await readFile(path.join(dir, collection, name), 'utf8');
      const entry = bySlug.get(m[1]!) ?? {};
      entry[m[2] as ContentLanguage] = { file: parseSeedFile(raw, `${collection}/${name}`), raw };
      bySlug.set(m[1]!, entry);
    }
    for (const [slug, files] of bySlug) {
      const first = (files.en ?? files.ru)!.file;
      const hash = createHash('sha256');
      for (const lang of CONTENT_LANGUAGES) hash.update(`${lang}\0${files[lang]?.raw ?? ''}\0`);
      out.push({
        collection,
        slug,
        hash: hash.digest('hex').slice(0, 32),
        input: {
          collection,
          slug,
          status: 'published' as const,
          publishAt: new Date(`${first.published}T09:00:00Z`).toISOString(),
          tags: first.tags,
          authorName: '',
          versions: Object.fromEntries(CONTENT_LANGUAGES.filter((l) => files[l]).map((l) => [l, { title: files[l]!.file.title, summary: files[l]!.file.summary, body: files[l]!.file.body }])),
        },
      });
    }
  }
  return out;
}

/**
 * Imports the starter articles, idempotently: a missing one is created, one whose seed files
 * changed is updated, and one an editor has saved since (its seed hash cleared) is left alone.
 */
export async function importSeedContent(ctx: Ctx, dir = SEED_DIR): Promise<{ created: number; updated: number }> {
  const seeds = await readSeeds(dir);
  const existing = new Map((await repo.seedStates(ctx.db)).map((r) => [`${r.collection}/${r.slug}`, r]));
  let created = 0;
  let updated = 0;
  for (const seed of seeds) {
    const row = existing.get(`${seed.collection}/${seed.slug}`);
    if (row && (row.seedHash === null || row.seedHash === seed.hash)) continue;
    await saveSeed(ctx, row?.id ?? null, seed.input, seed.hash);
    if (row) updated++;
    else created++;
  }
  if (created || updated) ctx.log.info({ created, updated }, 'starter articles imported');
  return { created, updated };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientBuild } from '#web/entry.server.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Reads Vite's manifest of the browser build. Without a build (server tests) pages render
 * without scripts and styles.
 */
export function readClientBuild(clientDir: string): ClientBuild {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) return { entry: null, css: [], chunks: {} };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const withImports = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return ['/' + chunk.file, ...(chunk.imports ?? []).flatMap((k) => withImports(k, seen))];
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error(`no entry in ${file}`);
  const entry = manifest[entryKey]!;
  // A page's modules: the entry's static imports and the page module's, each once.
  const entryModules = withImports(entryKey);
  const chunks: ClientBuild['chunks'] = {};
  for (const key of Object.keys(manifest)) if (key.startsWith('web/routes/')) chunks[key] = [...new Set([...entryModules, ...withImports(key)])];
  // The variable Inter's subsets the pages preload (root.tsx), from the files the stylesheet references.
  const font = (subset: string) => entry.assets?.find((a) => new RegExp(`/inter-${subset}-wght-normal-[\\w-]+\\.woff2$`).test(a));
  const [latin, cyrillic] = [font('latin'), font('cyrillic')];
  const fonts = { ...(latin && { latin: '/' + latin }), ...(cyrillic && { cyrillic: '/' + cyrillic }) };
  return { entry: '/' + entry.file, css: (entry.css ?? []).map((c) => '/' + c), fonts, chunks };
}

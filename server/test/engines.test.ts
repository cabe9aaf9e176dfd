import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROOT } from '#server/lib/root.ts';

/**
 * package.json's `engines.node` is the real minimum: every installed package (the tree `npm ci`
 * gives) accepts it, and so does the Node that runs the tests. A dependency that raises its
 * minimum past ours fails here, not on a user's machine.
 */
const pkg = JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const minimum = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(pkg.engines.node);

type Version = [number, number, number];
const parse = (v: string): Version => v.split('.').map((n) => Number.parseInt(n, 10) || 0).concat([0, 0, 0]).slice(0, 3) as Version;
const cmp = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether version `v` satisfies a node engines range (the subset of semver the tree uses). */
function satisfies(v: Version, range: string): boolean {
  return range.split('||').some((alt) => {
    const parts = alt.trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0 || parts[0] === '*') return true;
    return parts.every((raw, i, all) => {
      // ">= 20" is written with a space in some packages.
      if (/^(>=|<=|>|<|=)$/.test(raw)) return true;
      const part = /^(>=|<=|>|<|=)$/.test(all[i - 1] ?? '') ? all[i - 1] + raw : raw;
      const m = /^(\^|~|>=|<=|>|<|=)?v?(\d+(?:\.(?:\d+|x|\*))*)$/.exec(part);
      if (!m) throw new Error(`unrecognised engines range ${range}`);
      const [, op = '=', ver] = m;
      const given = ver!.split('.').filter((n) => n !== 'x' && n !== '*');
      const r = parse(given.join('.'));
      switch (op) {
        case '>=': return cmp(v, r) >= 0;
        case '>': return cmp(v, r) > 0;
        case '<=': return cmp(v, r) <= 0;
        case '<': return cmp(v, r) < 0;
        case '^': return v[0] === r[0] && cmp(v, r) >= 0;
        case '~': return v[0] === r[0] && v[1] === r[1] && cmp(v, r) >= 0;
        default: return given.every((n, k) => v[k] === Number(n));
      }
    });
  });
}

function installedEngines(dir: string, out: { name: string; range: string }[] = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installedEngines(full, out);
      continue;
    }
    const manifest = path.join(full, 'package.json');
    if (existsSync(manifest)) {
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; engines?: { node?: string } };
      if (typeof json.engines?.node === 'string') out.push({ name: `${json.name}@${json.version}`, range: json.engines.node });
    }
    const nested = path.join(full, 'node_modules');
    if (existsSync(nested)) installedEngines(nested, out);
  }
  return out;
}

describe('engines', () => {
  it('declares a plain minimum', () => {
    expect(minimum, pkg.engines.node).not.toBeNull();
  });

  it('every installed package accepts the declared minimum Node', () => {
    const floor: Version = [Number(minimum![1]), Number(minimum![2]), Number(minimum![3] ?? 0)];
    const refusing = installedEngines(path.join(APP_ROOT, 'node_modules')).filter((p) => !satisfies(floor, p.range));
    expect(refusing.map((p) => `${p.name} wants node ${p.range}`)).toEqual([]);
  });

  it('the Node running the tests is at least the minimum', () => {
    const floor: Version = [Number(minimum![1]), Number(minimum![2]), Number(minimum![3] ?? 0)];
    expect(cmp(parse(process.versions.node), floor)).toBeGreaterThanOrEqual(0);
  });

  it('reads ranges as npm does', () => {
    expect(satisfies([20, 19, 0], '^20.19.0 || ^22.12.0 || >=24.0.0')).toBe(true);
    expect(satisfies([20, 11, 0], '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies([20, 19, 0], '>=22')).toBe(false);
    expect(satisfies([20, 19, 0], '>= 20.19.0')).toBe(true);
    expect(satisfies([20, 19, 0], '14 || >=16.14')).toBe(true);
    expect(satisfies([20, 19, 0], '>=18 <21')).toBe(true);
    expect(satisfies([20, 19, 0], '20.x')).toBe(true);
  });
});

/**
 * The registry against the official client libraries installed from npm: every in.php `method`
 * that @2captcha/captcha-solver sends, and every task type CapMonster Cloud's client sends, must
 * be known. The lists are read from the libraries' own code, so a client update that adds a kind
 * fails here until the registry has it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Sent by the client but deliberately not offered, with the reason. */
const NOT_OFFERED_V1: Record<string, string> = {
  // The answer lists one `x,y|null|…` per image, `|`-separated: no worker UI places several images yet.
  drag_drop: 'drag-and-drop needs a worker UI that places several images',
};
const NOT_OFFERED_V2: Record<string, string> = {
  // CapMonster-only envelopes (`class` picks the provider), not 2captcha/anti-captcha task types.
  ComplexImageTask: 'CapMonster recognition envelope',
  CustomTask: 'CapMonster envelope for DataDome, Imperva, Basilisk… (class field)',
};

/** The `method: "…"` values the 2captcha client puts in its in.php payloads. */
function twoCaptchaMethods(): string[] {
  const source = readFileSync(join(packageDir('@2captcha/captcha-solver'), 'dist/structs/2captcha.js'), 'utf8');
  return [...new Set([...source.matchAll(/\bmethod:\s*["']([a-z0-9_]+)["']/g)].map((m) => m[1]!))];
}

/** The values of CapMonster's TaskType enum, from its compiled source. */
function capMonsterTaskTypes(): string[] {
  const source = readFileSync(join(packageDir('@zennolab_com/capmonstercloud-client'), 'dist/TaskType.js'), 'utf8');
  return [...new Set([...source.matchAll(/TaskType\["(\w+)"\]\s*=\s*"(\w+)"/g)].map((m) => m[2]!))];
}

const v1Methods = new Set(CAPTCHA_TYPES.flatMap((d) => d.v1.methods));
const v2Names = new Set(CAPTCHA_TYPES.flatMap((d) => d.v2Types.map((n) => n.toLowerCase())));

describe('@2captcha/captcha-solver', () => {
  const methods = twoCaptchaMethods();

  it('the source was read (the parser still finds the methods)', () => {
    expect(methods.length).toBeGreaterThan(30);
    expect(methods).toContain('userrecaptcha');
  });

  it.each(methods.filter((m) => !(m in NOT_OFFERED_V1)))('method=%s is a registry type', (method) => {
    expect(v1Methods.has(method), `${method} is unknown to shared/captcha-types`).toBe(true);
  });

  it('the exclusions are still sent by the client', () => {
    for (const method of Object.keys(NOT_OFFERED_V1)) expect(methods).toContain(method);
  });
});

describe('@zennolab_com/capmonstercloud-client', () => {
  const types = capMonsterTaskTypes();

  it('the source was read', () => {
    expect(types).toContain('TurnstileTask');
  });

  it.each(types.filter((t) => !(t in NOT_OFFERED_V2)))('%s is a registry v2 type', (type) => {
    expect(v2Names.has(type.toLowerCase()), `${type} is unknown to shared/captcha-types`).toBe(true);
  });
});

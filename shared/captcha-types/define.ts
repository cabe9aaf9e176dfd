/**
 * The one place that turns a declarative type config into a CaptchaTypeDef: fields, proxy,
 * type-implied parameters, cross-field checks and the v1 → v2 error narrowing. Image and token
 * helpers (define-image.ts, define-token.ts) only add their own extras on top.
 */
import type { AnswerFormat } from './answers/common.ts';
import type { Api, FieldSpec, Reader } from './fields.ts';
import { bagReader, lookup, readFields, toV2Error } from './fields.ts';
import type { ParamBag } from './param-bag.ts';
import { parseProxyV1, parseProxyV2 } from './proxy.ts';
import type { CaptchaKind, CaptchaTypeDef, ImageInputs, NormalizedTask, ParseFailure, ParseOutcome, SolverUi } from './types.ts';
import { LIFETIME_SECONDS, MAX_ATTEMPTS, WORKER_SHARE, fail } from './types.ts';

/** A v2 type name, optionally with the parameters its name implies (`…EnterpriseTask` → isEnterprise). */
export type V2TypeSpec = string | { name: string; implies: Record<string, unknown> };

export interface Extras {
  v1(bag: ParamBag, task: NormalizedTask): ParseFailure | undefined;
  v2(read: Reader, task: NormalizedTask): ParseFailure | undefined;
}

export interface TypeConfig {
  slug: string;
  kind: CaptchaKind;
  ui: SolverUi;
  v1: CaptchaTypeDef['v1'];
  v2Types: readonly V2TypeSpec[];
  v2When?: CaptchaTypeDef['v2When'];
  proxy: CaptchaTypeDef['proxy'];
  /** USD per 1000: floor and cap. */
  price: readonly [string, string];
  maxImageBytes?: number;
  fields: readonly FieldSpec[];
  extras?: Extras;
  /** The image inputs `extras` reads (image kinds), kept for the generated documentation. */
  image?: ImageInputs;
  /** Reshapes params after reading so both generations agree (mutates). */
  normalize?(params: Record<string, unknown>, api: Api): void;
  /** Cross-field rules; v1 error codes (narrowed for v2 automatically). */
  check?(params: Record<string, unknown>, api: Api): ParseFailure | undefined;
  answer: AnswerFormat;
}

export function defineType(config: TypeConfig): CaptchaTypeDef {
  const implied = new Map<string, Record<string, unknown>>();
  const v2Types = config.v2Types.map((spec) => {
    if (typeof spec === 'string') return spec;
    implied.set(spec.name.toLowerCase(), spec.implies);
    return spec.name;
  });

  function finish(task: NormalizedTask, api: Api): ParseOutcome {
    config.normalize?.(task.params, api);
    const problem = config.check?.(task.params, api);
    return problem ?? { ok: true, task };
  }

  function fromV1(bag: ParamBag): ParseOutcome {
    const fields = readFields(config.fields, bagReader(bag), 'v1');
    if (!fields.ok) return fields;
    const task: NormalizedTask = { type: config.slug, params: fields.params };
    const problem = config.extras?.v1(bag, task);
    if (problem) return problem;
    if (config.proxy !== 'none') {
      const proxy = parseProxyV1(bag.get('proxy'), bag.get('proxytype'));
      if (!proxy.ok) return proxy;
      if (proxy.proxy) task.proxy = proxy.proxy;
      else if (config.proxy === 'required') return fail('ERROR_BAD_PARAMETERS', 'proxy and proxytype are required for this captcha type');
    }
    return finish(task, 'v1');
  }

  function parseV2(raw: Record<string, unknown>): ParseOutcome {
    const typeName = typeof raw.type === 'string' ? raw.type : '';
    const read = lookup(raw);
    const fields = readFields(config.fields, read, 'v2');
    if (!fields.ok) return fields;
    const task: NormalizedTask = { type: config.slug, params: { ...fields.params, ...implied.get(typeName.toLowerCase()) } };
    const problem = config.extras?.v2(read, task);
    if (problem) return problem;
    // Proxyless names never carry a proxy. The other names of a proxy-capable type use and validate
    // the proxy given with them; without one they are the proxyless variant, as CapMonster Cloud
    // treats them (its client sends RecaptchaV2Task / TurnstileTask with no proxy fields). Only
    // types that cannot work without the customer's IP (DataDome…) insist on it (§2.3).
    const takesProxy = config.proxy === 'required' || (config.proxy === 'optional' && !/proxyless$/i.test(typeName));
    if (takesProxy) {
      const proxy = parseProxyV2(raw);
      if (!proxy.ok) return proxy;
      if (proxy.proxy) task.proxy = proxy.proxy;
      else if (config.proxy === 'required') return fail('ERROR_BAD_PARAMETERS', `${typeName} requires proxyType, proxyAddress and proxyPort`);
    }
    return finish(task, 'v2');
  }

  return {
    slug: config.slug,
    kind: config.kind,
    ui: config.ui,
    v1: config.v1,
    v2Types,
    ...(config.v2When ? { v2When: config.v2When } : {}),
    proxy: config.proxy,
    price: { floorPer1000: config.price[0], capPer1000: config.price[1], workerShare: WORKER_SHARE },
    lifetimeSeconds: LIFETIME_SECONDS[config.kind],
    maxAttempts: MAX_ATTEMPTS,
    ...(config.maxImageBytes !== undefined ? { maxImageBytes: config.maxImageBytes } : {}),
    inputs: { fields: config.fields, ...(config.image ? { image: config.image } : {}) },
    fromV1,
    fromV2: (raw) => {
      const outcome = parseV2(raw);
      return outcome.ok ? outcome : { ...outcome, error: toV2Error(outcome.error) };
    },
    ...config.answer,
  };
}

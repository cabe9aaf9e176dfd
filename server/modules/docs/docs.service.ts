/**
 * The developer documentation as data (GET /api/v1/api-docs and /api/v1/api-docs/{slug}): generated
 * from the captcha-type registry (parameters, selectors, answers), the compat surface's error table
 * and limits, the live price list, and the `apidocs` texts of the asked language. Pages render it
 * server-side through the in-process read; nothing here is written by hand per type.
 */
import { sitesOf } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { listPrices } from '#server/modules/pricing/price-list.service.ts';
import { queueLoad } from '#server/modules/tasks/usage.service.ts';
import { dayStatsXml, loadXml } from '#server/surfaces/compat/legacy.ts';
import { AUDIO_LANGUAGES, CAPTCHA_TYPES, createParamBag, getCaptchaType, parseV1 } from '#shared/captcha-types/index.ts';
import type { CaptchaTypeDef } from '#shared/captcha-types/index.ts';
import { DOC_FAMILIES, TYPE_FAMILY } from '#shared/captcha-types/docs/catalog.ts';
import { IMAGE, TYPE_EXAMPLES } from '#shared/captcha-types/docs/examples.ts';
import type { ApiDocsQuery, ApiVersion, DocParam, DocsIndex, LegacyCall, TypeDoc, TypeVersionDoc } from '#shared/contracts/api-docs.ts';
import { LANGUAGES } from '#shared/i18n/languages.ts';
import { banRows } from './bans.ts';
import { errorRows, errorTables } from './errors.ts';
import { commonRows, paramRows, type ParamRow } from './params.ts';
import { buildSamples } from './samples.ts';
import { docText } from './texts.ts';

/** What the docs print where the customer's base64 image goes. */
const IMAGE_SHOWN = '/9j/4AAQSkZJRgABAQAAAQABAAD…';
/** A stand-in image for formatting the example answers (any base64 of 100+ bytes parses). */
const FORMAT_IMAGE = btoa('\x89PNG\r\n\x1a\n' + 'docs'.repeat(40));

/** Dated entries of the changelog, newest first; texts in `apidocs:changelog.<date>`. */
export const CHANGELOG_DATES = ['2026-11-25', '2026-11-23', '2026-11-22'] as const;

/** The API's public address: API_URL when configured, else the site; `hostname` picks a configured site. */
export function apiUrlOf(ctx: Pick<Ctx, 'config'>, hostname?: string): string {
  const sites = sitesOf(ctx.config);
  const hosts = [sites.api, sites.intl, sites.ru, sites.zh].filter((s): s is string => Boolean(s));
  const chosen = hostname ? hosts.find((origin) => new URL(origin).hostname === hostname.toLowerCase()) : undefined;
  return chosen ?? sites.api ?? sites.intl;
}

const typeName = (lang: string, slug: string) => docText(lang, `types.${slug}`, {}, 'pricing');

const shown = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(IMAGE, IMAGE_SHOWN)) as T;

function describe(lang: string, rows: Omit<ParamRow, 'source'>[], def?: CaptchaTypeDef): DocParam[] {
  return rows.map(({ descKey, ...row }) => ({
    ...row,
    description: docText(lang, descKey, { max: row.max ?? '', bytes: def?.maxImageBytes ? Math.round(def.maxImageBytes / 1024) : '' }),
  }));
}

function versionDoc(lang: string, def: CaptchaTypeDef, version: ApiVersion, apiUrl: string): TypeVersionDoc {
  const example = TYPE_EXAMPLES[def.slug]!;
  const rows = paramRows(def, version);
  const parsed = parseV1(createParamBag(JSON.parse(JSON.stringify(example.v1).replaceAll(IMAGE, FORMAT_IMAGE)) as Record<string, string>));
  if (!parsed.ok) throw new Error(`docs example of ${def.slug} does not parse: ${parsed.message}`);
  const task = parsed.task;
  const codes = [...new Set(rows.flatMap((r) => r.errors))];
  const sampleInput = { title: typeName('en', def.slug), apiUrl, imageFile: def.ui === 'audio' ? 'captcha.mp3' : 'captcha.png' };
  if (version === 'v1') {
    const { request, extra } = def.toV1Json(example.answer, task);
    return {
      selectors: def.v1.methods,
      params: describe(lang, rows, def),
      request: shown({ key: 'YOUR_API_KEY', ...example.v1, json: 1 }),
      answer: { plain: `OK|${def.toV1Plain(example.answer, task)}`, json: { status: 1, request, ...extra } },
      errors: errorRows(lang, ['ERROR_WRONG_USER_KEY', 'ERROR_KEY_DOES_NOT_EXIST', 'ERROR_ZERO_BALANCE', 'ERROR_NO_SLOT_AVAILABLE', ...codes, 'ERROR_CAPTCHA_UNSOLVABLE'], 'v1'),
      samples: buildSamples('v1', { ...sampleInput, request: example.v1 as Record<string, string> }),
    };
  }
  return {
    selectors: def.v2Types,
    params: describe(lang, rows, def),
    request: shown({ clientKey: 'YOUR_API_KEY', task: example.v2 }),
    answer: {
      json: { errorId: 0, status: 'ready', solution: def.toV2Solution(example.answer, task), cost: '0.00145', ip: '203.0.113.7', createTime: 1764072000, endTime: 1764072011, solveCount: 1 },
    },
    errors: errorRows(lang, ['ERROR_KEY_DOES_NOT_EXIST', 'ERROR_ZERO_BALANCE', 'ERROR_NO_SLOT_AVAILABLE', ...codes, 'ERROR_CAPTCHA_UNSOLVABLE'], 'v2'),
    samples: buildSamples('v2', { ...sampleInput, request: example.v2 as Record<string, string> }),
  };
}

/**
 * One captcha type's documentation in the asked language; both API versions unless `version` names one.
 * @throws AppError NOT_FOUND for a slug that is not a registry type
 */
export async function getTypeDoc(ctx: Ctx, slug: string, query: ApiDocsQuery): Promise<TypeDoc> {
  const def = getCaptchaType(slug);
  if (!def) throw new AppError('NOT_FOUND', `No captcha type ${slug}.`);
  const lang = query.language;
  const apiUrl = apiUrlOf(ctx, query.hostname);
  const live = (await listPrices(ctx, 'USD')).types.find((t) => t.slug === slug);
  return {
    slug,
    name: typeName(lang, slug),
    family: TYPE_FAMILY[slug]!,
    kind: def.kind,
    purpose: docText(lang, `purpose.${slug}`),
    proxy: def.proxy,
    lifetimeSeconds: def.lifetimeSeconds,
    maxAttempts: def.maxAttempts,
    ...(def.maxImageBytes ? { maxImageBytes: def.maxImageBytes } : {}),
    price: live
      ? { per1000: live.per1000, floorPer1000: live.floorPer1000, capPer1000: live.capPer1000, ...(live.avgSolveSeconds !== undefined ? { avgSolveSeconds: live.avgSolveSeconds } : {}) }
      : null,
    apiUrl,
    ...(query.version !== 'v2' ? { v1: versionDoc(lang, def, 'v1', apiUrl) } : {}),
    ...(query.version !== 'v1' ? { v2: versionDoc(lang, def, 'v2', apiUrl) } : {}),
  };
}

/** The day the getstats example shows, and its usage: 14 normal captchas at 09 UTC, 3 at 10 (one unsolved). */
const EXAMPLE_DAY = '2026-11-24';
const EXAMPLE_HOURS: Record<number, { volume: number; money: number }> = { 9: { volume: 14, money: 20_300 }, 10: { volume: 3, money: 2_900 } };

/** res.php?action=getstats and /load.php: the getstats answer of an example day, load.php's answer right now; both printed by the API's own formatters. */
async function legacyCalls(ctx: Ctx, apiUrl: string): Promise<{ getstats: LegacyCall; load: LegacyCall }> {
  const start = Date.parse(`${EXAMPLE_DAY}T00:00:00Z`);
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, volume: 0, money: 0, ...EXAMPLE_HOURS[hour], start: new Date(start + hour * 3_600_000) }));
  return {
    getstats: { request: `${apiUrl}/res.php?key=YOUR_API_KEY&action=getstats&date=${EXAMPLE_DAY}`, answer: dayStatsXml({ date: EXAMPLE_DAY, hours }), live: false },
    load: { request: `${apiUrl}/load.php`, answer: loadXml(await queueLoad(ctx)), live: true },
  };
}

/** The documentation home as data: every type, the error and ban tables, languages, changelog, the legacy XML calls. */
export async function getDocsIndex(ctx: Ctx, query: ApiDocsQuery): Promise<DocsIndex> {
  const lang = query.language;
  const prices = new Map((await listPrices(ctx, 'USD')).types.map((t) => [t.slug, t.per1000]));
  const apiUrl = apiUrlOf(ctx, query.hostname);
  const names = new Intl.DisplayNames([lang], { type: 'language' });
  const codes = [...new Set<string>([...LANGUAGES, ...AUDIO_LANGUAGES])];
  return {
    apiUrl,
    ruUrl: sitesOf(ctx.config).ru,
    types: CAPTCHA_TYPES.map((def) => ({
      slug: def.slug,
      name: typeName(lang, def.slug),
      family: TYPE_FAMILY[def.slug]!,
      kind: def.kind,
      v1Methods: def.v1.methods,
      v2Types: def.v2Types,
      per1000: prices.get(def.slug) ?? null,
    })),
    families: DOC_FAMILIES.map((id) => ({ id, name: docText(lang, `families.${id}.name`), slugs: CAPTCHA_TYPES.filter((d) => TYPE_FAMILY[d.slug] === id).map((d) => d.slug) })),
    errors: errorTables(lang),
    bans: banRows(lang, ctx.config.COMPAT_BAN_WINDOW_SECONDS),
    languages: codes.map((code) => ({ code, name: names.of(code) ?? code, audio: (AUDIO_LANGUAGES as readonly string[]).includes(code) })),
    common: { v1: describe(lang, commonRows('v1')), v2: describe(lang, commonRows('v2')) },
    changelog: CHANGELOG_DATES.map((date) => ({ date, text: docText(lang, `changelog.${date}`) })),
    legacy: await legacyCalls(ctx, apiUrl),
  };
}

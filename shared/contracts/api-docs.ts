import { z } from 'zod';
import { DOCS_LANGUAGES } from '#shared/captcha-types/docs/catalog.ts';

/** Languages the code samples are generated in, in tab order. */
export const SAMPLE_LANGUAGES = ['python', 'javascript', 'php', 'go', 'ruby', 'java', 'csharp', 'curl'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

export const API_VERSIONS = ['v1', 'v2'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** GET /api/v1/api-docs and /api/v1/api-docs/{slug}: language (en, ru, zh; others fall back to en), version. */
export const ApiDocsQuerySchema = z.object({
  language: z.string().trim().toLowerCase().optional().transform((l) => ((DOCS_LANGUAGES as readonly string[]).includes(l ?? '') ? (l as (typeof DOCS_LANGUAGES)[number]) : 'en')),
  hostname: z.string().trim().max(253).optional(),
  version: z.enum(API_VERSIONS).optional(),
});
export type ApiDocsQuery = z.infer<typeof ApiDocsQuerySchema>;

export const ApiDocsParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9_]{1,40}$/, 'a captcha type slug') });

/** One row of a generated parameter table. */
export interface DocParam {
  /** The name the API takes (first spelling), and other accepted spellings. */
  name: string;
  aliases: string[];
  type: 'string' | 'boolean' | 'integer' | 'number' | 'object' | 'cookies' | 'integer[]' | 'base64' | 'base64[]' | 'proxy';
  required: boolean;
  default?: string;
  /** Inclusive limits: range for numbers, length for strings and lists. */
  min?: number;
  max?: number;
  /** Allowed values. */
  oneOf?: string[];
  /** The error answered when it is missing or malformed (v1 spelling in v1 tables). */
  errors: string[];
  description: string;
}

export interface ErrorRow {
  code: string;
  /** v2 numeric id (v2 tables only). */
  errorId?: number;
  description: string;
  action: string;
}

export interface TypeVersionDoc {
  /** in.php `method` values (v1) or createTask `type` names (v2). */
  selectors: string[];
  params: DocParam[];
  /** The example request: in.php parameters (v1) or the createTask body (v2), image shortened. */
  request: Record<string, unknown>;
  /** The answers for the example: v1 plain text and JSON, or the v2 getTaskResult body. */
  answer: { plain?: string; json: unknown };
  errors: ErrorRow[];
  samples: Record<SampleLanguage, string>;
}

export interface TypeDoc {
  slug: string;
  name: string;
  family: string;
  kind: 'image' | 'token';
  purpose: string;
  proxy: 'none' | 'optional' | 'required';
  lifetimeSeconds: number;
  maxAttempts: number;
  maxImageBytes?: number;
  /** Live price in USD per 1000 and the average solve time; null while the type is switched off. */
  price: { per1000: string; floorPer1000: string; capPer1000: string; avgSolveSeconds?: number } | null;
  apiUrl: string;
  v1?: TypeVersionDoc;
  v2?: TypeVersionDoc;
}

export interface TypeSummary {
  slug: string;
  name: string;
  family: string;
  kind: 'image' | 'token';
  v1Methods: string[];
  v2Types: string[];
  per1000: string | null;
}

export interface BanRow {
  code: string;
  v2Code: string;
  trigger: string;
  ban: string;
}

/** GET /api/v1/api-docs: the documentation home as data. */
export interface DocsIndex {
  apiUrl: string;
  /** The address of the Russian-language (ruCaptcha-compatible) site, when one is configured. */
  ruUrl: string | null;
  types: TypeSummary[];
  families: { id: string; name: string; slugs: string[] }[];
  errors: { inPhp: ErrorRow[]; resPhp: ErrorRow[]; v2: ErrorRow[] };
  bans: BanRow[];
  /** Worker languages (`lang` / `languagePool`) and audio languages. */
  languages: { code: string; name: string; audio: boolean }[];
  common: { v1: DocParam[]; v2: DocParam[] };
  changelog: { date: string; text: string }[];
  /** The legacy XML calls older clients still make: a request and its answer each. */
  legacy: { getstats: LegacyCall; load: LegacyCall };
}

/** One legacy XML call: the request URL and the XML it answers (`live`: the server's answer right now, else an example). */
export interface LegacyCall {
  request: string;
  answer: string;
  live: boolean;
}

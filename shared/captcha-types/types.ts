/**
 * The vocabulary of the captcha-type registry. Everything here is isomorphic: the compat surface,
 * the price list, the public pages and the worker cabinet all read the same declarations.
 */
import type { z } from 'zod';
import type { FieldSpec } from './fields.ts';
import type { ParamBag } from './param-bag.ts';

export type CaptchaKind = 'image' | 'token';
/** Which worker UI solves it. */
export type SolverUi = 'text' | 'grid' | 'points' | 'rotate' | 'draw' | 'box' | 'audio' | 'token';

/** v1 spellings; the compat layer maps them to v2 `errorId`/`errorCode` (v2 parsers already narrow them, see `toV2Error`). */
export type ProtocolError =
  | 'ERROR_BAD_PARAMETERS' | 'ERROR_PAGEURL' | 'ERROR_GOOGLEKEY' | 'ERROR_WRONG_GOOGLEKEY' | 'ERROR_SITEKEY'
  | 'ERROR_ZERO_CAPTCHA_FILESIZE' | 'ERROR_TOO_BIG_CAPTCHA_FILESIZE' | 'ERROR_IMAGE_TYPE_NOT_SUPPORTED' | 'ERROR_UPLOAD'
  | 'ERROR_PROXY_FORMAT' | 'ERROR_BAD_PROXY' | 'ERROR_TASK_ABSENT' | 'ERROR_TASK_NOT_SUPPORTED' | 'ERROR_BAD_IMGINSTRUCTIONS' | 'ERROR_CAPTCHA_ID';

export interface Proxy {
  type: 'http' | 'https' | 'socks4' | 'socks5';
  address: string;
  port: number;
  login?: string;
  password?: string;
}

export interface NormalizedTask {
  /** Registry slug. */
  type: string;
  /** Validated parameters under internal camelCase names; identical whichever API generation submitted them. */
  params: Record<string, unknown>;
  /** base64 without a `data:` prefix, for image kinds (also the mp3 of `audio`). */
  image?: string;
  /** Rotate with several files: every file in order (`image` is the first). */
  images?: string[];
  /** base64 hint image. */
  imgInstructions?: string;
  proxy?: Proxy;
  /** Worker language code (`lang`, or `languagePool` with `rn` → `ru`). */
  language?: string;
}

export type Point = { x: number; y: number };
export type Box = { xMin: number; xMax: number; yMin: number; yMax: number };

/** What a worker submits, validated by the type's `answerSchema`. */
export type Answer =
  | { kind: 'text'; text: string }
  /** 1-based cell numbers, top-left = 1, row by row. */
  | { kind: 'grid'; cells: number[] }
  | { kind: 'points'; points: Point[] }
  | { kind: 'rotate'; angle: number }
  | { kind: 'draw'; polylines: Point[][] }
  | { kind: 'box'; boxes: Box[] }
  /** `extra`: userAgent, respKey, cookies, or the structured GeeTest/Capy/Lemin/Amazon/Tencent fields. */
  | { kind: 'token'; token: string; extra?: Record<string, string | number> }
  | { kind: 'noMatch' };

export type ParseFailure = { ok: false; error: ProtocolError; message: string };
export type ParseOutcome = { ok: true; task: NormalizedTask } | ParseFailure;

export interface Price {
  /** USD per 1000 solved, decimal strings (see shared/money.ts). */
  floorPer1000: string;
  capPer1000: string;
  /** Share 0..1 of the price the customer paid that is credited to the worker. */
  workerShare: number;
}

/** The image inputs of an image kind, as the parsers read them (for generated documentation). */
export interface ImageInputs {
  /** v1 parameter names of the image, in priority order; null = no image (text captcha). */
  v1: readonly string[] | null;
  /** v2 task field of the image. */
  v2: string;
  /** `file_1`…`file_9` accepted as well (rotate). */
  multiFile: boolean;
  /** Further images (Temu's pieces): v1 names, v2 array field. */
  parts?: { v1: readonly string[]; v2: string };
  instructions?: 'optional' | 'required' | 'required-v1';
  /** `worker`: optional worker language (`lang` / `languagePool`); `audio`: the recording's language, required. */
  language: 'worker' | 'audio';
}

/** Everything a type's parsers accept besides the proxy: read by the docs generator, never by parsing. */
export interface TypeInputs {
  fields: readonly FieldSpec[];
  image?: ImageInputs;
}

export interface CaptchaTypeDef {
  slug: string;
  kind: CaptchaKind;
  ui: SolverUi;
  /** How in.php selects it: `method` values, plus the flag that distinguishes types sharing `post`/`base64`. */
  v1: { methods: string[]; flag?: 'recaptcha' | 'canvas' | 'coordinatescaptcha' | 'textcaptcha'; when?: (bag: ParamBag) => boolean };
  /** Every accepted v2 `type` (Proxyless and proxy variants, aliases); matched case-insensitively. */
  v2Types: string[];
  /** Tie-breaker when two types share a v2 name (GeeTestTask v3/v4, ImageToCoordinatesTask points/rectangles). */
  v2When?: (task: Record<string, unknown>) => boolean;
  proxy: 'none' | 'optional' | 'required';
  price: Price;
  /** 90 s image kinds, 300 s token kinds (protocol §5). */
  lifetimeSeconds: number;
  /** Workers that may try before the task is unsolvable. */
  maxAttempts: number;
  /** Decoded bytes; `image` (and each of `images`) is checked by the parsers. */
  maxImageBytes?: number;
  /** The declared inputs (fields and image options) the parsers below are built from. */
  inputs: TypeInputs;
  fromV1(p: ParamBag): ParseOutcome;
  fromV2(task: Record<string, unknown>): ParseOutcome;
  answerSchema: z.ZodType<Answer>;
  /** Task-dependent answer checks the static schema cannot do (cell range, click counts); returns why it is refused. */
  checkAnswer?(answer: Answer, task: NormalizedTask): string | undefined;
  /** What follows `OK|`. */
  toV1Plain(answer: Answer, task: NormalizedTask): string;
  /** JSON-mode `request` and extra top-level keys (e.g. `useragent` for Turnstile). */
  toV1Json(answer: Answer, task: NormalizedTask): { request: unknown; extra?: Record<string, unknown> };
  toV2Solution(answer: Answer, task: NormalizedTask): Record<string, unknown>;
}

export const fail = (error: ProtocolError, message: string): ParseFailure => ({ ok: false, error, message });

/** Prices and limits shared by all types (protocol §5; worker share is a product decision, see README.md). */
export const WORKER_SHARE = 0.6;
export const MAX_ATTEMPTS = 3;
export const LIFETIME_SECONDS: Record<CaptchaKind, number> = { image: 90, token: 300 };
export const KB = 1024;

/**
 * "Solve it through the API": the exact calls a client makes for the captcha on screen — in.php
 * with the picture's own base64 (or the question), res.php for the answer, then the demo's verify
 * with the id on screen, as a site's form would post it.
 */
import type { DemoChallenge } from '#shared/contracts/demo.ts';
import { TYPE_EXAMPLES } from '#shared/captcha-types/docs/examples.ts';
import type { WidgetDemoDef } from '#shared/demo/catalog.ts';

/** A provider without public test keys: the documented example's fields (your own site's values go there). */
function fromExample(type: string): [string, string][] {
  const v1 = TYPE_EXAMPLES[type]?.v1 ?? {};
  return Object.entries(v1)
    .filter(([k]) => k !== 'pageurl' && !k.startsWith('proxy'))
    .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
}

export const SAMPLE_KEY = 'YOUR_API_KEY';

export interface ApiCall {
  step: 'submit' | 'poll' | 'fill';
  code: string;
}

const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

/** in.php fields for each of our captchas (the registry's v1 names). */
function submitFields(c: DemoChallenge): [string, string][] {
  const body = c.image ? c.image.slice(c.image.indexOf(',') + 1) : '';
  switch (c.slug) {
    case 'text':
      return [['textcaptcha', c.question ?? '']];
    case 'clickcaptcha':
    case 'slider':
      return [['method', 'base64'], ['coordinatescaptcha', '1'], ['body', body], ['textinstructions', c.question ?? '']];
    case 'grid':
      return [['method', 'base64'], ['recaptcha', '1'], ['recaptcharows', '3'], ['recaptchacols', '3'], ['body', body], ['textinstructions', c.question ?? '']];
    case 'rotatecaptcha':
      return [['method', 'rotatecaptcha'], ['angle', '10'], ['body', body]];
    default:
      return [['method', 'base64'], ['body', body]];
  }
}

/** The words of the "put the answer into the form" step, in the page's language. */
export interface FillLabels {
  id: string;
  answer: string;
  token: string;
}

export function apiCallsOf(c: DemoChallenge, origin: string, key: string, labels: FillLabels): ApiCall[] {
  const fields = [['key', key], ...submitFields(c), ['json', '1']] as [string, string][];
  return [
    { step: 'submit', code: `curl -s ${origin}/in.php \\\n${fields.map(([k, v]) => `  --data-urlencode ${quote(`${k}=${v}`)}`).join(' \\\n')}` },
    { step: 'poll', code: `curl -s '${origin}/res.php?key=${key}&action=get&json=1&id=TASK_ID'` },
    { step: 'fill', code: `${origin}/demo/${c.slug}\n${labels.id}: ${c.id}\n${labels.answer}` },
  ];
}

/** The token types: in.php with the widget's test site key and this page's address. */
export function widgetCallsOf(demo: WidgetDemoDef, origin: string, key: string, labels: FillLabels): ApiCall[] {
  const siteKey = demo.testKeys?.siteKey ?? 'SITE_KEY';
  const pageurl = `${origin}/demo/${demo.slug}`;
  const method: Record<WidgetDemoDef['provider'], [string, string][]> = {
    recaptcha: [['method', 'userrecaptcha'], ['googlekey', siteKey], ...(demo.variant === 'invisible' ? [['invisible', '1'] as [string, string]] : []), ...(demo.variant === 'enterprise' ? [['enterprise', '1'] as [string, string]] : []), ...(demo.variant === 'v3' ? [['version', 'v3'], ['action', 'demo'], ['min_score', '0.3']] as [string, string][] : [])],
    hcaptcha: [['method', 'hcaptcha'], ['sitekey', siteKey]],
    turnstile: [['method', 'turnstile'], ['sitekey', siteKey]],
    geetest: fromExample('geetest'),
    lemin: fromExample('lemin'),
    solvemedia: [['method', 'base64'], ['body', 'BASE64_OF_THE_PUZZLE_IMAGE']],
    mtcaptcha: fromExample('mtcaptcha'),
  };
  const fields = [['key', key], ...method[demo.provider], ['pageurl', pageurl], ['json', '1']] as [string, string][];
  return [
    { step: 'submit', code: `curl -s ${origin}/in.php \\\n${fields.map(([k, v]) => `  --data-urlencode ${quote(`${k}=${v}`)}`).join(' \\\n')}` },
    { step: 'poll', code: `curl -s '${origin}/res.php?key=${key}&action=get&json=1&id=TASK_ID'` },
    { step: 'fill', code: `${pageurl}\n${labels.token}` },
  ];
}

/**
 * Loading a captcha provider's own widget into the cabinet, where the internet (and the page's
 * content security policy) allow it. Everything here is best effort: the token solver always offers
 * a field to paste a token as well.
 */

export type WidgetProvider = 'recaptcha' | 'recaptcha-enterprise' | 'hcaptcha' | 'turnstile';

export interface WidgetPlan {
  provider: WidgetProvider;
  /** reCAPTCHA v3 has no widget: a token is requested with execute(). */
  invisibleExecute: boolean;
  scriptUrl: string;
  sitekey: string;
  render: Record<string, unknown>;
  /** v3 action. */
  action?: string;
}

type Params = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

const ONLOAD = '__workerWidgetLoaded';

/** Which widget a task type can show, or null (GeeTest, Arkose… are solved on the customer's page). */
export function widgetPlan(type: string, params: Params): WidgetPlan | null {
  const sitekey = str(params.websiteKey);
  if (!sitekey) return null;
  const enterprise = params.isEnterprise === true;
  switch (type) {
    case 'recaptcha_v2':
    case 'recaptcha_v3': {
      const host = params.apiDomain === 'recaptcha.net' ? 'https://www.recaptcha.net' : 'https://www.google.com';
      const file = enterprise ? 'enterprise.js' : 'api.js';
      const v3 = type === 'recaptcha_v3';
      const query = v3 ? `render=${encodeURIComponent(sitekey)}&onload=${ONLOAD}_recaptcha` : `render=explicit&onload=${ONLOAD}_recaptcha`;
      const render: Record<string, unknown> = { sitekey };
      if (!v3 && params.isInvisible === true) render.size = 'invisible';
      if (!v3 && str(params.dataS)) render.s = str(params.dataS);
      return {
        provider: enterprise ? 'recaptcha-enterprise' : 'recaptcha',
        invisibleExecute: v3,
        scriptUrl: `${host}/recaptcha/${file}?${query}`,
        sitekey,
        render,
        action: v3 ? (str(params.action) ?? 'verify') : undefined,
      };
    }
    case 'hcaptcha': {
      const host = params.apiDomain === 'hcaptcha.com' ? 'https://hcaptcha.com' : 'https://js.hcaptcha.com';
      return { provider: 'hcaptcha', invisibleExecute: false, scriptUrl: `${host}/1/api.js?render=explicit&onload=${ONLOAD}_hcaptcha`, sitekey, render: { sitekey } };
    }
    case 'turnstile': {
      const render: Record<string, unknown> = { sitekey };
      if (str(params.action)) render.action = str(params.action);
      if (str(params.data)) render.cData = str(params.data);
      return { provider: 'turnstile', invisibleExecute: false, scriptUrl: `https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=${ONLOAD}_turnstile`, sitekey, render };
    }
    default:
      return null;
  }
}

interface RecaptchaApi {
  render(el: HTMLElement, options: Record<string, unknown>): number;
  execute(idOrKey?: number | string, options?: { action: string }): Promise<string> | void;
  ready(cb: () => void): void;
}
interface WidgetGlobals {
  grecaptcha?: RecaptchaApi & { enterprise?: RecaptchaApi };
  hcaptcha?: { render(el: HTMLElement, options: Record<string, unknown>): string };
  turnstile?: { render(el: HTMLElement, options: Record<string, unknown>): string };
  [key: string]: unknown;
}

const loads = new Map<string, Promise<void>>();

function loadScript(plan: WidgetPlan, timeoutMs: number): Promise<void> {
  const key = plan.invisibleExecute ? plan.scriptUrl : plan.provider;
  const known = loads.get(key);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const w = window as unknown as WidgetGlobals;
    const callback = `${ONLOAD}_${plan.provider.startsWith('recaptcha') ? 'recaptcha' : plan.provider}`;
    const timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    w[callback] = () => {
      clearTimeout(timer);
      resolve();
    };
    const script = document.createElement('script');
    script.src = plan.scriptUrl;
    script.async = true;
    // Scripts need the page's nonce to pass its content security policy.
    const nonce = (document.querySelector('script[nonce]') as HTMLScriptElement | null)?.nonce;
    if (nonce) script.nonce = nonce;
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('load failed'));
    };
    document.head.appendChild(script);
  });
  // A failed load may be retried with the next task.
  promise.catch(() => loads.delete(key));
  loads.set(key, promise);
  return promise;
}

/**
 * Loads the provider script and shows the widget in `container`; `onToken` receives the solved
 * token. Rejects when the script cannot load in time (no internet, blocked).
 */
export async function mountWidget(plan: WidgetPlan, container: HTMLElement, onToken: (token: string) => void, timeoutMs = 10_000): Promise<void> {
  await loadScript(plan, timeoutMs);
  const w = window as unknown as WidgetGlobals;
  const callback = (token: unknown) => {
    if (typeof token === 'string' && token) onToken(token);
  };
  if (plan.provider === 'hcaptcha') {
    w.hcaptcha?.render(container, { ...plan.render, callback });
    return;
  }
  if (plan.provider === 'turnstile') {
    w.turnstile?.render(container, { ...plan.render, callback });
    return;
  }
  const api = plan.provider === 'recaptcha-enterprise' ? w.grecaptcha?.enterprise : w.grecaptcha;
  if (!api) throw new Error('no api');
  if (plan.invisibleExecute) {
    await new Promise<void>((resolve) => api.ready(resolve));
    callback(await api.execute(plan.sitekey, { action: plan.action ?? 'verify' }));
    return;
  }
  const id = api.render(container, { ...plan.render, callback });
  if (plan.render.size === 'invisible') void api.execute(id);
}

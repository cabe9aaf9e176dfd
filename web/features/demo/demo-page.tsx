import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { DemoChallenge, DemoVerifyResult } from '#shared/contracts/demo.ts';
import { DEMOS, type DemoDef, type WidgetDemoDef } from '#shared/demo/catalog.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useIssueDemoQuery, useVerifyDemoMutation } from './api.ts';
import { apiCallsOf, SAMPLE_KEY, widgetCallsOf } from './api-calls.ts';

export interface DemoPageProps {
  demo: DemoDef;
  lang: string;
  /** The signed-in visitor's API key; null shows the sample key. */
  apiKey: string | null;
}

/** Breadcrumbs, title and lead shared by the demo pages. */
function DemoHeader({ title, lead, crumb }: { title: string; lead: string; crumb?: string }) {
  const { t } = useTranslation('demo');
  return (
    <header className="page-header page-header--band">
      <div className="container page-header__inner">
        <div className="page-header__content">
          <nav aria-label={t('nav.breadcrumb')}>
            <ol className="breadcrumbs">
              <li><LocalizedLink to="/" className="link">{t('nav.home')}</LocalizedLink></li>
              {crumb ? <li><LocalizedLink to="/demo" className="link">{t('nav.demos')}</LocalizedLink></li> : null}
              <li aria-current="page">{crumb ?? t('nav.demos')}</li>
            </ol>
          </nav>
          <p className="page-header__eyebrow">{t('nav.eyebrow')}</p>
          <h1 className="page-header__title">{title}</h1>
          <p className="page-header__lead">{lead}</p>
        </div>
      </div>
    </header>
  );
}

/** `/demo`: every live demo, ours first. */
export function DemoIndexPage() {
  const { t } = useTranslation('demo');
  const own = DEMOS.filter((d) => d.own);
  const widgets = DEMOS.filter((d) => !d.own);
  const card = (d: DemoDef) => (
    <li key={d.slug}>
      <LocalizedLink to={`/demo/${d.slug}`} className="demo-card">
        <span className="demo-card__name">{t(`demos.${d.slug}.name`)}</span>
        <span className="demo-card__text">{t(`demos.${d.slug}.lead`)}</span>
      </LocalizedLink>
    </li>
  );
  return (
    <>
      <title>{t('index.metaTitle')}</title>
      <meta name="description" content={t('index.lead')} />
      <DemoHeader title={t('index.title')} lead={t('index.lead')} />
      <section className="section section--tight" aria-labelledby="demo-own">
        <div className="container stack">
          <h2 id="demo-own">{t('index.own')}</h2>
          <p className="muted">{t('index.ownLead')}</p>
          <ul className="demo-cards" data-testid="demo-own-list">{own.map(card)}</ul>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="demo-widgets">
        <div className="container stack">
          <h2 id="demo-widgets">{t('index.widgets')}</h2>
          <p className="muted">{t('index.widgetsLead')}</p>
          <ul className="demo-cards">{widgets.map(card)}</ul>
        </div>
      </section>
      <section className="section" aria-labelledby="demo-more">
        <div className="container stack">
          <h2 id="demo-more">{t('index.more')}</h2>
          <p>
            <LocalizedLink to="/captcha-recognition" className="link">{t('index.recognition')}</LocalizedLink>
            {' · '}
            <LocalizedLink to="/captcha-bypass-extension" className="link">{t('index.extension')}</LocalizedLink>
          </p>
        </div>
      </section>
    </>
  );
}

/** `/demo/{slug}`: one template for every demo. */
export function DemoPage({ demo, lang, apiKey }: DemoPageProps) {
  const { t } = useTranslation('demo');
  const name = t(`demos.${demo.slug}.name`);
  return (
    <>
      <title>{t('page.metaTitle', { name })}</title>
      <meta name="description" content={t(`demos.${demo.slug}.lead`)} />
      <DemoHeader title={t('page.title', { name })} lead={t(`demos.${demo.slug}.lead`)} crumb={name} />
      {demo.own ? <OwnDemo demo={demo} lang={lang} apiKey={apiKey} /> : <WidgetDemo demo={demo} apiKey={apiKey} />}
      <section className="section" aria-labelledby="demo-links">
        <div className="container stack">
          <h2 id="demo-links">{t('page.more')}</h2>
          <ul className="demo-links">
            {demo.landing ? <li><LocalizedLink to={`/p/${demo.landing}`} className="link">{t('page.landing', { name })}</LocalizedLink></li> : null}
            {demo.own ? <li><LocalizedLink to={`/captcha-recognition/${demo.slug}`} className="link">{t('page.examples')}</LocalizedLink></li> : null}
            <li><LocalizedLink to="/captcha-bypass-extension" className="link">{t('index.extension')}</LocalizedLink></li>
            <li><LocalizedLink to="/demo" className="link">{t('page.allDemos')}</LocalizedLink></li>
          </ul>
        </div>
      </section>
    </>
  );
}

function Outcome({ result, onNew }: { result: DemoVerifyResult; onNew?: () => void }) {
  const { t } = useTranslation('demo');
  return (
    <div className="stack stack--sm" data-testid="demo-result" data-outcome={result.outcome}>
      <Banner tone={result.success ? 'success' : result.outcome === 'provider_unreachable' || result.outcome === 'no_test_keys' ? 'warning' : 'danger'}>
        {t(`outcome.${result.outcome}`)}
      </Banner>
      {onNew ? (
        <p>
          <Button variant="secondary" onClick={onNew}>{t('form.new')}</Button>
        </p>
      ) : null}
    </div>
  );
}

/** The answer a visitor gives by hand for each kind of our captchas. */
function HandAnswer({ challenge, value, onChange }: { challenge: DemoChallenge; value: string; onChange(v: string): void }) {
  const { t } = useTranslation('demo');
  const slug = challenge.slug;
  if (slug === 'grid') {
    const chosen = new Set(value.split(',').filter(Boolean).map(Number));
    const toggle = (n: number) => {
      const next = new Set(chosen);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      onChange([...next].sort((a, b) => a - b).join(','));
    };
    return (
      <fieldset className="demo-grid-choice">
        <legend>{t('form.tiles')}</legend>
        {Array.from({ length: 9 }, (_, i) => i + 1).map((n) => (
          <button key={n} type="button" className={`demo-tile${chosen.has(n) ? ' demo-tile--on' : ''}`} aria-pressed={chosen.has(n)} onClick={() => toggle(n)}>
            {t('form.tile', { n })}
          </button>
        ))}
      </fieldset>
    );
  }
  if (slug === 'rotatecaptcha' || slug === 'slider') {
    const max = slug === 'rotatecaptcha' ? 350 : (challenge.width ?? 300);
    return (
      <Field label={slug === 'rotatecaptcha' ? t('form.angle', { n: value || '0' }) : t('form.position', { n: value || '0' })}>
        <input type="range" className="demo-range" min={0} max={max} step={slug === 'rotatecaptcha' ? 10 : 1} value={value || '0'} onChange={(e) => onChange(e.target.value)} />
      </Field>
    );
  }
  const label = slug === 'clickcaptcha' ? t('form.points') : t('form.answer');
  return (
    <Field label={label} hint={slug === 'clickcaptcha' ? t('form.pointsHint') : undefined}>
      <TextInput value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" spellCheck={false} data-captchahub-answer="" />
    </Field>
  );
}

/** The picture, with what the hand answer does to it (clicks, rotation, the slider's piece). */
function Picture({ challenge, value, onClickPoint }: { challenge: DemoChallenge; value: string; onClickPoint(x: number, y: number): void }) {
  const { t } = useTranslation('demo');
  if (!challenge.image) return null;
  const img = <img src={challenge.image} width={challenge.width ?? undefined} height={challenge.height ?? undefined} alt={t('form.imageAlt')} data-captchahub-image="" className="demo-image" />;
  if (challenge.slug === 'clickcaptcha') {
    const click = (e: MouseEvent<HTMLButtonElement>) => {
      const box = e.currentTarget.getBoundingClientRect();
      const scale = (challenge.width ?? box.width) / box.width;
      onClickPoint(Math.round((e.clientX - box.left) * scale), Math.round((e.clientY - box.top) * scale));
    };
    return (
      <button type="button" className="demo-picture demo-picture--click" onClick={click} aria-label={t('form.clickImage')}>
        {img}
        {value.split(';').filter(Boolean).map((p) => {
          const m = /x=(\d+),y=(\d+)/.exec(p);
          return m ? <span key={p} className="demo-dot" style={{ left: `${(Number(m[1]) / (challenge.width ?? 1)) * 100}%`, top: `${(Number(m[2]) / (challenge.height ?? 1)) * 100}%` }} /> : null;
        })}
      </button>
    );
  }
  if (challenge.slug === 'rotatecaptcha') return <div className="demo-picture"><img {...img.props} style={{ transform: `rotate(${Number(value) || 0}deg)` }} /></div>;
  if (challenge.slug === 'slider') {
    return (
      <div className="demo-picture">
        {img}
        <span className="demo-piece" style={{ left: `${((Number(value) || 0) / (challenge.width ?? 300)) * 100}%` }} aria-hidden="true" />
      </div>
    );
  }
  return <div className="demo-picture">{img}</div>;
}

function OwnDemo({ demo, lang, apiKey }: { demo: DemoDef; lang: string; apiKey: string | null }) {
  const { t } = useTranslation('demo');
  const [attempt, setAttempt] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const issued = useIssueDemoQuery({ slug: demo.slug, language: lang, attempt }, { skip: !hydrated, refetchOnMountOrArgChange: true });
  const [verify, verifying] = useVerifyDemoMutation();
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<DemoVerifyResult | null>(null);
  const [failed, setFailed] = useState(false);
  const challenge = issued.data && issued.data.own ? issued.data : null;
  const fresh = () => {
    setAnswer('');
    setResult(null);
    setFailed(false);
    setAttempt((a) => a + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!challenge) return;
    setFailed(false);
    try {
      setResult(await verify({ slug: demo.slug, body: { id: challenge.id, answer: challenge.slug === 'grid' ? answer.split(',').join('/') : answer } }).unwrap());
    } catch {
      setFailed(true);
    }
  };
  const addPoint = (x: number, y: number) => setAnswer((a) => [a, `x=${x},y=${y}`].filter(Boolean).join(';'));
  const extensionKind = demo.slug === 'normal' ? 'image' : demo.slug === 'text' ? 'text' : undefined;
  return (
    <>
      <section className="section section--tight" aria-labelledby="demo-live">
        <div className="container demo-layout">
          <div className="stack">
            <h2 id="demo-live">{t('page.live')}</h2>
            <p className="muted">{t('page.liveLead')}</p>
            {!challenge && !issued.isError ? <LoadingBlock lines={2} /> : null}
            {issued.isError ? (
              <Banner tone="danger">
                {t('page.loadError')} <Button variant="tertiary" onClick={fresh}>{t('form.retry')}</Button>
              </Banner>
            ) : null}
            {challenge ? (
              <form
                className="demo-captcha stack stack--sm"
                onSubmit={(e) => void submit(e)}
                data-captchahub-demo={demo.slug}
                {...(extensionKind ? { 'data-captchahub-kind': extensionKind } : {})}
                data-testid="demo-captcha"
                aria-labelledby="demo-live"
              >
                {challenge.question ? <p className="demo-question" data-captchahub-question="">{challenge.question}</p> : null}
                <Picture challenge={challenge} value={answer} onClickPoint={addPoint} />
                <HandAnswer challenge={challenge} value={answer} onChange={setAnswer} />
                {challenge.slug === 'clickcaptcha' && answer ? (
                  <p><Button variant="tertiary" onClick={() => setAnswer('')}>{t('form.clear')}</Button></p>
                ) : null}
                <div className="demo-actions">
                  <Button type="submit" disabled={verifying.isLoading} data-captchahub-submit="">{t('form.verify')}</Button>
                  <Button variant="secondary" onClick={fresh}>{t('form.new')}</Button>
                </div>
                <p className="text-sm muted">{t('page.expires')}</p>
              </form>
            ) : null}
            <div aria-live="polite">
              {result ? <Outcome result={result} onNew={fresh} /> : null}
              {failed ? <Banner tone="danger">{t('outcome.network')}</Banner> : null}
            </div>
          </div>
          <ApiPanel challenge={challenge} apiKey={apiKey} />
        </div>
      </section>
    </>
  );
}

function KeyNote({ apiKey }: { apiKey: string | null }) {
  const { t } = useTranslation('demo');
  return apiKey ? (
    <p className="text-sm muted">{t('api.yourKey')}</p>
  ) : (
    <p className="text-sm muted">
      {t('api.sampleKey')} <LocalizedLink to="/auth/register?userType=customer" className="link">{t('api.getKey')}</LocalizedLink>
    </p>
  );
}

function Calls({ calls }: { calls: { title: string; code: string }[] }) {
  const { t } = useTranslation('demo');
  return (
    <ol className="demo-calls">
      {calls.map((c) => (
        <li key={c.title} className="stack stack--sm">
          <p className="demo-calls__title">{c.title}</p>
          <pre className="demo-code"><code>{c.code}</code></pre>
          <div><CopyButton value={c.code} label={t('api.copy')} copiedLabel={t('api.copied')} failedLabel={t('api.copyFailed')} /></div>
        </li>
      ))}
    </ol>
  );
}

function ApiPanel({ challenge, apiKey }: { challenge: DemoChallenge | null; apiKey: string | null }) {
  const { t } = useTranslation('demo');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <aside className="demo-api stack" aria-labelledby="demo-api">
      <h2 id="demo-api">{t('api.title')}</h2>
      <p className="muted">{t('api.lead')}</p>
      <KeyNote apiKey={apiKey} />
      {challenge ? (
        <Calls calls={apiCallsOf(challenge, origin, apiKey ?? SAMPLE_KEY, { id: t('api.fillId'), answer: t('api.fillAnswer'), token: t('api.fillToken') }).map((c) => ({ title: t(`api.step.${c.step}`), code: c.code }))} />
      ) : (
        <LoadingBlock lines={2} />
      )}
    </aside>
  );
}

type WidgetApi = { render(el: HTMLElement, opts: Record<string, unknown>): unknown; execute?(...args: unknown[]): unknown; ready?(cb: () => void): void };

/** The provider's global once its script ran. */
function widgetGlobal(demo: WidgetDemoDef): WidgetApi | undefined {
  const w = window as unknown as Record<string, { enterprise?: WidgetApi } & WidgetApi | undefined>;
  if (demo.provider === 'recaptcha') return demo.variant === 'enterprise' ? w.grecaptcha?.enterprise : w.grecaptcha;
  if (demo.provider === 'hcaptcha') return w.hcaptcha;
  if (demo.provider === 'turnstile') return w.turnstile;
  return undefined;
}

/** Third-party widget: the provider's script with its public test key; the token verified through the provider. */
function WidgetDemo({ demo, apiKey }: { demo: WidgetDemoDef; apiKey: string | null }) {
  const { t } = useTranslation('demo');
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'none'>(demo.script && demo.testKeys ? 'loading' : 'none');
  const [token, setToken] = useState('');
  const [verify, verifying] = useVerifyDemoMutation();
  const [result, setResult] = useState<DemoVerifyResult | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!demo.script || !demo.testKeys) return;
    const siteKey = demo.testKeys.siteKey;
    let done = false;
    const fail = () => {
      if (!done) setState('failed');
      done = true;
    };
    const timer = setTimeout(fail, 10_000);
    const script = document.createElement('script');
    const onload = 'captchahubDemoWidget';
    (window as unknown as Record<string, unknown>)[onload] = () => {
      const g = widgetGlobal(demo);
      if (!g || !box.current) return fail();
      done = true;
      clearTimeout(timer);
      setState('ready');
      if (demo.variant === 'v3') {
        g.ready?.(() => void Promise.resolve(g.execute?.(siteKey, { action: 'demo' })).then((v) => setToken(String(v ?? ''))));
        return;
      }
      const id = g.render(box.current, { sitekey: siteKey, callback: (v: string) => setToken(v), ...(demo.variant === 'invisible' ? { size: 'invisible' } : {}) });
      if (demo.variant === 'invisible') g.execute?.(id);
    };
    const query = demo.variant === 'v3' ? `?render=${siteKey}&onload=${onload}` : `?render=explicit&onload=${onload}`;
    script.src = demo.script + query;
    script.async = true;
    script.onerror = fail;
    document.head.appendChild(script);
    return () => {
      clearTimeout(timer);
      script.remove();
    };
  }, [demo]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(false);
    try {
      setResult(await verify({ slug: demo.slug, body: { token: token.trim() } }).unwrap());
    } catch {
      setFailed(true);
    }
  };
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const widgetClass = demo.provider === 'recaptcha' ? 'g-recaptcha' : demo.provider === 'hcaptcha' ? 'h-captcha' : demo.provider === 'turnstile' ? 'cf-turnstile' : 'demo-widget-box';
  return (
    <section className="section section--tight" aria-labelledby="demo-live">
      <div className="container demo-layout">
        <div className="stack">
          <h2 id="demo-live">{t('page.widget')}</h2>
          <p className="muted">{t(`provider.${demo.provider}`)}</p>
          {demo.testKeys ? (
            <p className="text-sm">
              {t('widget.testKey')} <code className="demo-inline-code">{demo.testKeys.siteKey}</code>
            </p>
          ) : (
            <Banner tone="info">{t('widget.noTestKeys')}</Banner>
          )}
          {demo.testKeys ? <div ref={box} className={`demo-widget ${widgetClass}`} data-sitekey={demo.testKeys.siteKey} data-testid="demo-widget" /> : null}
          {state === 'loading' ? <LoadingBlock lines={1} /> : null}
          {state === 'failed' ? <Banner tone="warning" data-testid="demo-widget-offline">{t('widget.offline')}</Banner> : null}
          <form className="stack stack--sm" onSubmit={(e) => void submit(e)}>
            <Field label={t('widget.token')} hint={t('widget.tokenHint')}>
              <textarea className="input demo-token" rows={3} value={token} onChange={(e) => setToken(e.target.value)} spellCheck={false} />
            </Field>
            <div className="demo-actions">
              <Button type="submit" disabled={!token.trim() || verifying.isLoading}>{t('form.verify')}</Button>
            </div>
          </form>
          <div aria-live="polite">
            {result ? <Outcome result={result} /> : null}
            {failed ? <Banner tone="danger">{t('outcome.network')}</Banner> : null}
          </div>
        </div>
        <aside className="demo-api stack" aria-labelledby="demo-api">
          <h2 id="demo-api">{t('api.title')}</h2>
          <p className="muted">{t('api.widgetLead')}</p>
          <KeyNote apiKey={apiKey} />
          {origin ? <Calls calls={widgetCallsOf(demo, origin, apiKey ?? SAMPLE_KEY, { id: t('api.fillId'), answer: t('api.fillAnswer'), token: t('api.fillToken') }).map((c) => ({ title: t(`api.step.${c.step}`), code: c.code }))} /> : <LoadingBlock lines={2} />}
        </aside>
      </div>
    </section>
  );
}


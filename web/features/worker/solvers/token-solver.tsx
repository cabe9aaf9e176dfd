import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { SolverForm, SolverLayout, SolverMessage, SubmitButton } from './common.tsx';
import { mountWidget, widgetPlan } from './token-widget.ts';
import { stringParam, type SolverProps } from './types.ts';

/**
 * Structured token answers: the fields each type needs in `extra`
 * (shared/captcha-types/types/*.ts, `structuredAnswer({ extra })`).
 */
export const STRUCTURED_EXTRA: Record<string, readonly string[]> = {
  geetest: ['challenge', 'validate', 'seccode'],
  geetest_v4: ['lot_number', 'pass_token', 'gen_time', 'captcha_output'],
  capy: ['challengekey', 'answer'],
  lemin: ['answer', 'challenge_id'],
  amazon_waf: ['captcha_voucher', 'existing_token'],
  tencent: ['ticket', 'randstr'],
};

/** Params the stage shows elsewhere (instructions) or that the list leads with. */
const NOT_LISTED = new Set(['websiteURL', 'websiteKey', 'comment', 'textInstructions', 'imgInstructions']);
/** Types whose token is bound to the browser that solved it: a widget token carries our user agent. */
const SENDS_USER_AGENT = new Set(['recaptcha_v2', 'recaptcha_v3', 'hcaptcha', 'turnstile']);

type WidgetStatus = 'none' | 'loading' | 'ready' | 'solved' | 'failed' | 'offline';

function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A token task (reCAPTCHA, hCaptcha, Turnstile, GeeTest…): the site key and page, the provider's
 * widget when it can load here, and fields to paste what the widget returned.
 */
export function TokenSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const formId = useId();
  const container = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState('');
  const [fromWidget, setFromWidget] = useState(false);
  const [extra, setExtra] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<WidgetStatus>('none');

  const structured = STRUCTURED_EXTRA[offer.type];
  const pageUrl = stringParam(offer.params, 'websiteURL');
  const siteKey = stringParam(offer.params, 'websiteKey');
  // Unset flags (false) are defaults, not information.
  const rest = Object.entries(offer.params).filter(([k, v]) => !NOT_LISTED.has(k) && v !== undefined && v !== null && v !== '' && v !== false);

  useEffect(() => {
    const plan = widgetPlan(offer.type, offer.params);
    if (!plan || !container.current) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setStatus('offline');
      return;
    }
    let live = true;
    setStatus('loading');
    mountWidget(plan, container.current, (value) => {
      if (!live) return;
      setToken(value);
      setFromWidget(true);
      setStatus('solved');
    })
      .then(() => live && setStatus((s) => (s === 'solved' ? s : 'ready')))
      .catch(() => live && setStatus('failed'));
    return () => {
      live = false;
    };
  }, [offer.type, offer.params]);

  const submit = () => {
    const value = token.trim();
    if (structured) {
      const missing = structured.filter((k) => !extra[k]?.trim());
      if (missing.length > 0) {
        setProblem(t('solver.token.missingFields', { fields: missing.join(', ') }));
        return;
      }
      const fields = Object.fromEntries(structured.map((k) => [k, extra[k]!.trim()]));
      onSubmit({ kind: 'token', token: value, extra: fields });
      return;
    }
    if (value === '') {
      setProblem(t('solver.token.empty'));
      return;
    }
    if (/\s/.test(value)) {
      setProblem(t('solver.token.spaces'));
      return;
    }
    const withAgent = fromWidget && SENDS_USER_AGENT.has(offer.type) && typeof navigator !== 'undefined';
    onSubmit(withAgent ? { kind: 'token', token: value, extra: { userAgent: navigator.userAgent } } : { kind: 'token', token: value });
  };

  // Tokens have no line breaks: Enter submits, as everywhere in the cabinet.
  const onTokenKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const plan = widgetPlan(offer.type, offer.params);
  return (
    <SolverLayout
      media={
        <div className="worker-token">
          <dl className="worker-token__facts">
            <div>
              <dt>{t('solver.token.pageUrl')}</dt>
              <dd className="mono break">
                {/* A link only to http(s): the API refuses other schemes, and tasks queued before that rule stay harmless. */}
                {pageUrl && /^https?:\/\//i.test(pageUrl) ? (
                  <a href={pageUrl} target="_blank" rel="noopener noreferrer nofollow" className="link">
                    {pageUrl}
                  </a>
                ) : (
                  (pageUrl ?? '—')
                )}
              </dd>
            </div>
            <div>
              <dt>{t('solver.token.siteKey')}</dt>
              <dd className="mono break">{siteKey ?? '—'}</dd>
            </div>
            {rest.map(([key, value]) => (
              <div key={key}>
                <dt className="mono">{key}</dt>
                <dd className="mono break worker-token__value">{paramText(value)}</dd>
              </div>
            ))}
          </dl>

          <div className="worker-token__widget">
            <div ref={container} className="worker-token__frame" />
            <p className="text-sm text-secondary" role="status">
              {plan ? t(`solver.token.widget.${status === 'none' ? 'loading' : status}`) : t('solver.token.widget.unsupported')}{' '}
              {status === 'solved' && <Badge tone="success">{t('solver.token.widget.filled')}</Badge>}
            </p>
          </div>

          <SolverForm id={formId} onSubmit={submit} className="worker-token__form">
            {structured?.map((key) => (
              <label key={key} className="worker-token__field">
                <span className="field__label mono">{key}</span>
                <input
                  className="input input--mono"
                  value={extra[key] ?? ''}
                  onChange={(event) => {
                    setProblem(null);
                    setExtra((fields) => ({ ...fields, [key]: event.target.value }));
                  }}
                  autoComplete="off"
                  spellCheck={false}
                  disabled={disabled}
                />
              </label>
            ))}
            <label className="worker-token__field worker-token__field--wide">
              <span className="field__label">{structured ? t('solver.token.tokenOptional') : t('solver.token.token')}</span>
              <textarea
                className="input input--mono worker-token__input"
                rows={3}
                value={token}
                onChange={(event) => {
                  setProblem(null);
                  setFromWidget(false);
                  setToken(event.target.value);
                }}
                onKeyDown={onTokenKey}
                placeholder={t('solver.token.placeholder')}
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
                // Nothing to look at first: the worker pastes right away.
                autoFocus={!plan}
              />
            </label>
          </SolverForm>
        </div>
      }
      controls={
        <div className="worker-answer-row">
          <SolverMessage problem={problem} hint={structured ? t('solver.token.hintStructured') : t('solver.token.hint')} />
          <SubmitButton disabled={disabled} form={formId} />
        </div>
      }
    />
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '#web/lib/i18n-react.ts';
import { CAPTCHA_TYPE_CATALOG } from '#shared/captcha-types/index.ts';
import { CONSENSUS_LIMITS, type ApiSettings, type ConsensusSettings } from '#shared/contracts/customer.ts';
import { MAX_PINGBACK_HOSTS } from '#shared/contracts/pingback.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '#shared/i18n/languages.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { formatDateTime, formatUsd } from '#web/lib/format.ts';
import {
  settingsInput,
  useAddPingbackHostMutation,
  useListSoftwareQuery,
  useRegisterSoftwareMutation,
  useRemovePingbackHostMutation,
  useUpdateApiSettingsMutation,
} from './api.ts';
import { errorKey } from './errors.ts';
import { bidProblem, consensusCost, consensusProblems, normalizeIp, pingbackHostOf, type ConsensusField } from './settings-logic.ts';
import { LoadFailed } from './states.tsx';

/** The image-text captcha's floor rate, for the worked example of 100% recognition. */
const EXAMPLE_RATE = CAPTCHA_TYPE_CATALOG.find((c) => c.slug === 'normal')?.price.floorPer1000 ?? '0.50';

/** Sandbox and 100% recognition together make the API refuse every submission. */
export function ConflictWarning({ settings }: { settings: Pick<ApiSettings, 'sandbox' | 'consensus'> }) {
  const { t } = useTranslation('customer');
  if (!settings.sandbox || !settings.consensus) return null;
  return (
    <Banner tone="warning" role="alert" data-testid="sandbox-consensus-conflict">
      {t('settings.conflict')}
    </Banner>
  );
}

function Checkbox({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="checklist__item">
      <input id={id} type="checkbox" className="checkbox" checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
      <div className="checklist__text">
        <label htmlFor={id} className="checklist__label">
          {label}
        </label>
        <p id={`${id}-hint`} className="checklist__hint">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** /setting: maximum bid, sandbox and the default worker language. */
export function ApiSettingsForm({ settings, lang }: { settings: ApiSettings; lang: string }) {
  const { t } = useTranslation('customer');
  const id = useId();
  const [limited, setLimited] = useState(settings.maxBidPer1000 !== null);
  const [bid, setBid] = useState(settings.maxBidPer1000 ?? '');
  const [sandbox, setSandbox] = useState(settings.sandbox);
  const [language, setLanguage] = useState(settings.defaultLanguage ?? '');
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState(false);
  const [update, { isLoading, error }] = useUpdateApiSettingsMutation();
  const problem = limited ? bidProblem(bid) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setSaved(false);
    if (problem) return;
    const result = await update(
      settingsInput(settings, { maxBidPer1000: limited ? bid.trim() : null, sandbox, defaultLanguage: language === '' ? null : language }),
    );
    if (!result.error) {
      setSaved(true);
      setTouched(false);
      if (result.data.maxBidPer1000 !== null) setBid(result.data.maxBidPer1000);
    }
  };

  return (
    <Card title={t('settings.api.title')} description={t('settings.api.description')}>
      <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={t('settings.api.title')}>
        <fieldset className="stack stack--sm customer-fieldset">
          <legend className="customer-legend">{t('settings.bid.legend')}</legend>
          <Checkbox
            id={`${id}-limited`}
            label={t('settings.bid.limit')}
            hint={t('settings.bid.hint')}
            checked={limited}
            onChange={(v) => {
              setLimited(v);
              setSaved(false);
            }}
          />
          {limited && (
            <Field
              label={t('settings.bid.label')}
              hint={settings.maxBidPer1000 ? t('settings.bid.current', { value: formatUsd(settings.maxBidPer1000, lang) }) : t('settings.bid.example')}
              error={touched && problem ? t(`settings.bid.errors.${problem}`) : undefined}
              required
            >
              <TextInput
                inputMode="decimal"
                autoComplete="off"
                className="customer-short-input"
                value={bid}
                onChange={(e) => {
                  setBid(e.target.value);
                  setSaved(false);
                }}
              />
            </Field>
          )}
        </fieldset>
        <fieldset className="stack stack--sm customer-fieldset">
          <legend className="customer-legend">{t('settings.sandbox.legend')}</legend>
          <Checkbox
            id={`${id}-sandbox`}
            label={t('settings.sandbox.label')}
            hint={t('settings.sandbox.hint')}
            checked={sandbox}
            onChange={(v) => {
              setSandbox(v);
              setSaved(false);
            }}
          />
          {sandbox && (
            <p className="text-sm">
              <LocalizedLink to="/cabinet" className="link">
                {t('settings.sandbox.cabinet')}
              </LocalizedLink>
            </p>
          )}
          <ConflictWarning settings={{ sandbox, consensus: settings.consensus }} />
        </fieldset>
        <Field label={t('settings.language.label')} hint={t('settings.language.hint')}>
          <select className="input input--md select customer-short-input" value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="">{t('settings.language.any')}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </Field>
        <FormMessage error={error ? t(errorKey(error)) : null} success={saved ? t('settings.saved') : null} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /setting: software registered for soft_id, and registering one. */
export function DeveloperCard() {
  const { t } = useTranslation('customer');
  const { data, error, isLoading, refetch } = useListSoftwareQuery();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [register, state] = useRegisterSoftwareMutation();
  const problem = name.trim().length < 2 ? 'short' : name.trim().length > 100 ? 'long' : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    const result = await register({ name: name.trim() });
    if (!result.error) {
      setName('');
      setTouched(false);
    }
  };

  return (
    <Card title={t('settings.developer.title')} description={t('settings.developer.description')}>
      <div className="stack">
        {isLoading ? (
          <LoadingBlock lines={1} />
        ) : !data ? (
          <LoadFailed error={error} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <p className="text-sm muted">{t('settings.developer.empty')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="software-list">
              <caption className="visually-hidden">{t('settings.developer.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('settings.developer.softId')}</th>
                  <th scope="col">{t('settings.developer.name')}</th>
                  <th scope="col">{t('settings.developer.created')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((s) => (
                  <tr key={s.softId}>
                    <td className="mono">{s.softId}</td>
                    <td className="break">{s.name}</td>
                    <td className="nowrap num">{formatDateTime(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <form className="customer-inline-form" noValidate onSubmit={(e) => void submit(e)}>
          <Field label={t('settings.developer.newName')} error={touched && problem ? t(`settings.developer.errors.${problem}`) : undefined}>
            <TextInput value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Button type="submit" variant="secondary" loading={state.isLoading}>
            {t('settings.developer.register')}
          </Button>
        </form>
        <FormMessage
          error={state.error ? t(errorKey(state.error)) : null}
          success={state.data && !state.error ? t('settings.developer.registered', { id: state.data.softId }) : null}
        />
        <p className="text-sm text-secondary">{t('settings.developer.howTo')}</p>
      </div>
    </Card>
  );
}

const CONSENSUS_FIELDS: ConsensusField[] = ['minAttempts', 'maxAttempts', 'minMatches'];
const DEFAULT_CONSENSUS: ConsensusSettings = { minAttempts: 2, maxAttempts: 3, minMatches: 2 };

/** /setting/percent_100: switch 100% recognition on or off and set its three numbers. */
export function ConsensusForm({ settings, lang }: { settings: ApiSettings; lang: string }) {
  const { t } = useTranslation('customer');
  const id = useId();
  const [enabled, setEnabled] = useState(settings.consensus !== null);
  const [values, setValues] = useState<Record<ConsensusField, string>>(() => {
    const c = settings.consensus ?? DEFAULT_CONSENSUS;
    return { minAttempts: String(c.minAttempts), maxAttempts: String(c.maxAttempts), minMatches: String(c.minMatches) };
  });
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState(false);
  const [update, { isLoading, error }] = useUpdateApiSettingsMutation();
  const numbers: ConsensusSettings = {
    minAttempts: Number(values.minAttempts),
    maxAttempts: Number(values.maxAttempts),
    minMatches: Number(values.minMatches),
  };
  const problems = enabled ? consensusProblems(numbers) : {};
  const valid = Object.keys(problems).length === 0;
  const cost = valid ? consensusCost(EXAMPLE_RATE, numbers) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setSaved(false);
    if (!valid) return;
    const result = await update(settingsInput(settings, { consensus: enabled ? numbers : null }));
    if (!result.error) {
      setSaved(true);
      setTouched(false);
    }
  };

  return (
    <div className="stack stack--lg">
      <Card title={t('settings.consensus.title')} description={t('settings.consensus.description')}>
        <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={t('settings.consensus.title')}>
          <Checkbox
            id={`${id}-enabled`}
            label={t('settings.consensus.enable')}
            hint={t('settings.consensus.enableHint')}
            checked={enabled}
            onChange={(v) => {
              setEnabled(v);
              setSaved(false);
            }}
          />
          <fieldset className="customer-numbers" disabled={!enabled}>
            <legend className="visually-hidden">{t('settings.consensus.numbers')}</legend>
            {CONSENSUS_FIELDS.map((field) => (
              <Field
                key={field}
                label={t(`settings.consensus.fields.${field}.label`)}
                hint={t(`settings.consensus.fields.${field}.hint`, {
                  max: field === 'minMatches' ? CONSENSUS_LIMITS.maxMatches : CONSENSUS_LIMITS.maxAttempts,
                })}
                error={touched && problems[field] ? t(`settings.consensus.errors.${problems[field]}`, { max: field === 'minMatches' ? CONSENSUS_LIMITS.maxMatches : CONSENSUS_LIMITS.maxAttempts }) : undefined}
              >
                <TextInput
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={field === 'minMatches' ? CONSENSUS_LIMITS.maxMatches : CONSENSUS_LIMITS.maxAttempts}
                  step={1}
                  value={values[field]}
                  onChange={(e) => {
                    setValues((v) => ({ ...v, [field]: e.target.value }));
                    setSaved(false);
                  }}
                />
              </Field>
            ))}
          </fieldset>
          <ConflictWarning settings={{ sandbox: settings.sandbox, consensus: enabled ? numbers : null }} />
          <FormMessage error={error ? t(errorKey(error)) : null} success={saved ? t('settings.saved') : null} />
          <div>
            <Button type="submit" loading={isLoading}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t('settings.consensus.price.title')}>
        <div className="stack stack--sm">
          <p>{t('settings.consensus.price.formula')}</p>
          <p className="customer-formula mono" aria-label={t('settings.consensus.price.formulaLabel')}>
            {t('settings.consensus.price.expression')}
          </p>
          <p className="text-sm text-secondary">{t('settings.consensus.price.legend')}</p>
          {cost ? (
            <div className="stack stack--sm" data-testid="consensus-example">
              <h3 className="customer-subtitle">{t('settings.consensus.price.exampleTitle')}</h3>
              <p>
                <Trans
                  t={t}
                  i18nKey="settings.consensus.price.example"
                  values={{
                    rate: formatUsd(EXAMPLE_RATE, lang),
                    min: numbers.minAttempts,
                    max: numbers.maxAttempts,
                    matches: numbers.minMatches,
                    least: formatUsd(cost.least, lang),
                    most: formatUsd(cost.most, lang),
                  }}
                  components={{ b: <strong /> }}
                />
              </p>
              <p className="text-sm text-secondary">{t('settings.consensus.price.failure')}</p>
            </div>
          ) : (
            <p className="text-sm muted">{t('settings.consensus.price.fixFirst')}</p>
          )}
        </div>
      </Card>
      <Card title={t('settings.consensus.rules.title')}>
        <ul className="customer-bullets">
          <li>{t('settings.consensus.rules.imagesOnly')}</li>
          <li>{t('settings.consensus.rules.noReports')}</li>
          <li>{t('settings.consensus.rules.noSandbox')}</li>
          <li>{t('settings.consensus.rules.fastest')}</li>
        </ul>
      </Card>
    </div>
  );
}

/** A list of strings with a remove button each, or an empty state. */
function EntryList({
  items,
  label,
  emptyTitle,
  emptyText,
  removeLabel,
  busy,
  onRemove,
  testId,
}: {
  items: string[];
  label: string;
  emptyTitle: string;
  emptyText: string;
  removeLabel: (item: string) => string;
  busy: boolean;
  onRemove: (item: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('customer');
  if (items.length === 0) return <EmptyState compact headingLevel={3} title={emptyTitle} description={emptyText} />;
  return (
    <ul className="customer-entries" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li key={item} className="customer-entries__item">
          <span className="mono break">{item}</span>
          <Button variant="tertiary" aria-label={removeLabel(item)} disabled={busy} onClick={() => onRemove(item)}>
            {t('common.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** /setting/pingback: the domains and IPs pingback URLs may point at. */
export function PingbackHostsCard({ settings }: { settings: ApiSettings }) {
  const { t } = useTranslation('customer');
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [add, addState] = useAddPingbackHostMutation();
  const [remove, removeState] = useRemovePingbackHostMutation();
  const host = pingbackHostOf(address);
  const full = settings.pingbackHosts.length >= MAX_PINGBACK_HOSTS;
  const problem = address.trim() === '' ? 'required' : host === null ? 'format' : settings.pingbackHosts.includes(host) ? 'duplicate' : null;
  const failure = addState.error ?? removeState.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setDone(null);
    if (problem || !host) return;
    const result = await add({ address: address.trim() });
    if (!result.error) {
      setAddress('');
      setTouched(false);
      setDone(t('settings.pingback.added', { host }));
    }
  };

  return (
    <Card title={t('settings.pingback.title')} description={t('settings.pingback.description')}>
      <div className="stack">
        <EntryList
          items={settings.pingbackHosts}
          label={t('settings.pingback.listLabel')}
          emptyTitle={t('settings.pingback.emptyTitle')}
          emptyText={t('settings.pingback.emptyText')}
          removeLabel={(h) => t('settings.pingback.remove', { host: h })}
          busy={removeState.isLoading}
          testId="pingback-hosts"
          onRemove={(h) => {
            setDone(null);
            void remove({ host: h }).then((r) => {
              if (!r.error) setDone(t('settings.pingback.removed', { host: h }));
            });
          }}
        />
        <form className="customer-inline-form" noValidate onSubmit={(e) => void submit(e)}>
          <Field
            label={t('settings.pingback.label')}
            hint={host && !problem ? t('settings.pingback.willRegister', { host }) : t('settings.pingback.hint')}
            error={touched && problem ? t(`settings.pingback.errors.${problem}`) : full ? t('settings.pingback.errors.full', { max: MAX_PINGBACK_HOSTS }) : undefined}
          >
            <TextInput value={address} mono autoComplete="off" spellCheck={false} placeholder="https://example.com/captcha-callback" onChange={(e) => setAddress(e.target.value)} />
          </Field>
          <Button type="submit" loading={addState.isLoading} disabled={full}>
            {t('settings.pingback.add')}
          </Button>
        </form>
        <FormMessage error={failure ? t(errorKey(failure, { NOT_FOUND: 'settings.pingback.errors.gone', FORBIDDEN: 'settings.pingback.errors.private' })) : null} success={done} />
        <p className="text-sm text-secondary">{t('settings.pingback.api')}</p>
      </div>
    </Card>
  );
}

/** /setting/iplist: the addresses the API key may be used from (empty: any). */
export function AllowedIpsCard({ settings }: { settings: ApiSettings }) {
  const { t } = useTranslation('customer');
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [update, { isLoading, error }] = useUpdateApiSettingsMutation();
  const ip = normalizeIp(address);
  const full = settings.allowedIps.length >= 50;
  const problem = address.trim() === '' ? 'required' : ip === null ? 'format' : settings.allowedIps.includes(ip) ? 'duplicate' : null;

  const save = async (allowedIps: string[], message: string) => {
    setDone(null);
    const result = await update(settingsInput(settings, { allowedIps }));
    if (!result.error) setDone(message);
    return !result.error;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || !ip) return;
    if (await save([...settings.allowedIps, ip], t('settings.iplist.added', { ip }))) {
      setAddress('');
      setTouched(false);
    }
  };

  return (
    <Card title={t('settings.iplist.title')} description={t('settings.iplist.description')}>
      <div className="stack">
        <Banner tone={settings.allowedIps.length === 0 ? 'info' : 'warning'} data-testid="iplist-mode">
          {settings.allowedIps.length === 0 ? t('settings.iplist.open') : t('settings.iplist.restricted', { count: settings.allowedIps.length })}
        </Banner>
        <EntryList
          items={settings.allowedIps}
          label={t('settings.iplist.listLabel')}
          emptyTitle={t('settings.iplist.emptyTitle')}
          emptyText={t('settings.iplist.emptyText')}
          removeLabel={(a) => t('settings.iplist.remove', { ip: a })}
          busy={isLoading}
          testId="allowed-ips"
          onRemove={(a) =>
            void save(
              settings.allowedIps.filter((x) => x !== a),
              t('settings.iplist.removed', { ip: a }),
            )
          }
        />
        <form className="customer-inline-form" noValidate onSubmit={(e) => void submit(e)}>
          <Field
            label={t('settings.iplist.label')}
            hint={t('settings.iplist.hint')}
            error={touched && problem ? t(`settings.iplist.errors.${problem}`) : full ? t('settings.iplist.errors.full', { max: 50 }) : undefined}
          >
            <TextInput value={address} mono autoComplete="off" spellCheck={false} placeholder="203.0.113.7" onChange={(e) => setAddress(e.target.value)} />
          </Field>
          <Button type="submit" loading={isLoading} disabled={full}>
            {t('settings.iplist.add')}
          </Button>
        </form>
        <FormMessage error={error ? t(errorKey(error)) : null} success={done} />
      </div>
    </Card>
  );
}

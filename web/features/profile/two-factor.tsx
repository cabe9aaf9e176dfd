import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { TwoFactorSetup } from '#shared/contracts/profile.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useDisableTwoFactorMutation, useEnableTwoFactorMutation, useStartTwoFactorMutation } from './api.ts';
import { ApiKeyField } from './api-key.tsx';
import { CopyButton } from './copy-button.tsx';
import { errorKey } from './errors.ts';
import { FormMessage } from './states.tsx';

const CODE_ERRORS = {
  TWO_FACTOR_INVALID: 'security.errors.codeInvalid',
  CONFLICT: 'security.errors.conflict',
  VALIDATION_FAILED: 'security.errors.codeFormat',
};

/** Moves focus to the heading of each new step so the change is announced. */
function useStepHeading(step: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
}

/** Turning TOTP on (setup → code → recovery codes) and off (a code or a recovery code). */
export function TwoFactorPanel({ enabled, email }: { enabled: boolean; email: string }) {
  const { t } = useTranslation('profile');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [justDisabled, setJustDisabled] = useState(false);
  const step = recoveryCodes ? 'codes' : enabled ? 'on' : setup ? 'setup' : 'off';
  const heading = useStepHeading(step);

  if (step === 'codes') {
    return (
      <RecoveryCodes codes={recoveryCodes!} email={email} headingRef={heading} onDone={() => setRecoveryCodes(null)} />
    );
  }
  if (step === 'on') {
    return <DisableTwoFactor headingRef={heading} onDisabled={() => setJustDisabled(true)} />;
  }
  if (step === 'setup') {
    return (
      <EnableTwoFactor
        setup={setup!}
        headingRef={heading}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  }
  return (
    <StartTwoFactor
      headingRef={heading}
      notice={justDisabled ? t('security.disabled') : null}
      onStarted={(s) => {
        setJustDisabled(false);
        setSetup(s);
      }}
    />
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function StepHeading({
  headingRef,
  children,
  badge,
}: {
  headingRef: HeadingRef;
  children: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <div className="cluster cluster--between">
      <h2 className="card__title" ref={headingRef} tabIndex={-1}>
        {children}
      </h2>
      {badge}
    </div>
  );
}

function StartTwoFactor({
  headingRef,
  notice,
  onStarted,
}: {
  headingRef: HeadingRef;
  notice: string | null;
  onStarted(setup: TwoFactorSetup): void;
}) {
  const { t } = useTranslation('profile');
  const [start, { isLoading, error }] = useStartTwoFactorMutation();
  const run = async () => {
    const result = await start();
    if (result.data) onStarted(result.data);
  };
  return (
    <Card>
      <div className="stack">
        <StepHeading
          headingRef={headingRef}
          badge={
            <Badge tone="warning" dot>
              {t('security.statusOff')}
            </Badge>
          }
        >
          {t('security.off.title')}
        </StepHeading>
        <p>{t('security.off.text')}</p>
        <ol className="steps-list">
          <li>{t('security.off.step1')}</li>
          <li>{t('security.off.step2')}</li>
          <li>{t('security.off.step3')}</li>
        </ol>
        <FormMessage error={error ? t(errorKey(error, CODE_ERRORS)) : null} success={notice} />
        <div>
          <Button onClick={() => void run()} loading={isLoading}>
            {t('security.off.button')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

function EnableTwoFactor({
  setup,
  headingRef,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  headingRef: HeadingRef;
  onCancel(): void;
  onEnabled(codes: string[]): void;
}) {
  const { t } = useTranslation('profile');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [enable, { isLoading, error }] = useEnableTwoFactorMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) return setInvalid(true);
    setInvalid(false);
    const result = await enable({ code: digits });
    if (result.data) onEnabled(result.data.recoveryCodes);
  };

  return (
    <Card>
      <div className="stack">
        <StepHeading headingRef={headingRef}>{t('security.setup.title')}</StepHeading>
        <div className="twofa-setup">
          <figure className="twofa-setup__qr">
            <img src={setup.qrDataUrl} alt={t('security.setup.qrAlt')} width={200} height={200} />
          </figure>
          <div className="stack">
            <p>{t('security.setup.scan')}</p>
            <ApiKeyField
              value={setup.secret}
              label={t('security.setup.secret')}
              hint={t('security.setup.secretHint')}
              copy={{ label: t('common.copy'), copied: t('common.copied'), failed: t('common.copyFailed') }}
            />
          </div>
        </div>
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <Field
            label={t('security.setup.code')}
            hint={t('security.setup.codeHint')}
            error={invalid ? t('security.errors.codeFormat') : undefined}
            required
          >
            <TextInput
              className="code-input"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              mono
              inputSize="lg"
            />
          </Field>
          <FormMessage error={error ? t(errorKey(error, CODE_ERRORS)) : null} />
          <div className="cluster">
            <Button type="submit" loading={isLoading}>
              {t('security.setup.submit')}
            </Button>
            <Button variant="tertiary" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}

function RecoveryCodes({
  codes,
  email,
  headingRef,
  onDone,
}: {
  codes: string[];
  email: string;
  headingRef: HeadingRef;
  onDone(): void;
}) {
  const { t } = useTranslation('profile');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t('security.codes.fileHeader', { email })}\n\n${text}\n`], { type: 'text/plain' }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Card>
      <div className="stack">
        <StepHeading
          headingRef={headingRef}
          badge={
            <Badge tone="success" dot>
              {t('security.statusOn')}
            </Badge>
          }
        >
          {t('security.codes.title')}
        </StepHeading>
        <div role="status">
          <Banner tone="success">{t('security.codes.enabled')}</Banner>
        </div>
        <Banner tone="warning">{t('security.codes.note')}</Banner>
        <ol className="recovery-codes mono" aria-label={t('security.codes.listLabel')} data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <div className="cluster">
          <CopyButton
            value={text}
            label={t('security.codes.copy')}
            copiedLabel={t('common.copied')}
            failedLabel={t('common.copyFailed')}
            variant="secondary"
          />
          <Button variant="secondary" onClick={download}>
            {t('security.codes.download')}
          </Button>
          <Button onClick={onDone}>{t('security.codes.done')}</Button>
        </div>
      </div>
    </Card>
  );
}

function DisableTwoFactor({ headingRef, onDisabled }: { headingRef: HeadingRef; onDisabled(): void }) {
  const { t } = useTranslation('profile');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [disable, { isLoading, error }] = useDisableTwoFactorMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value.length < 6 || value.length > 32) return setInvalid(true);
    setInvalid(false);
    const result = await disable({ code: value });
    if (!result.error) {
      setCode('');
      onDisabled();
    }
  };

  return (
    <Card>
      <div className="stack">
        <StepHeading
          headingRef={headingRef}
          badge={
            <Badge tone="success" dot>
              {t('security.statusOn')}
            </Badge>
          }
        >
          {t('security.on.title')}
        </StepHeading>
        <p>{t('security.on.text')}</p>
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <Field
            label={t('security.on.code')}
            hint={t('security.on.codeHint')}
            error={invalid ? t('security.errors.codeFormat') : undefined}
            required
          >
            <TextInput
              className="code-input"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              maxLength={32}
              mono
              spellCheck={false}
            />
          </Field>
          <FormMessage error={error ? t(errorKey(error, CODE_ERRORS)) : null} />
          <div>
            <Button type="submit" variant="primary-danger" loading={isLoading}>
              {t('security.on.submit')}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}

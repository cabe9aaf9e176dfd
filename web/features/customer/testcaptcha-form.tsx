/**
 * /testcaptcha's form: an image (a normal captcha with its options) or a token captcha's
 * parameters. Submits a real, charged task through POST /api/v2/customer/testcaptcha.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { TEST_TOKEN_TYPES, type TestCaptchaInput, type TestTokenType } from '#shared/contracts/customer-logs.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '#shared/i18n/languages.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { errorKey } from './errors.ts';
import { useSubmitTestCaptchaMutation } from './logs-api.ts';
import { useTypeName } from './logs-list.tsx';

/** The normal image type's limit (shared/captcha-types/types/normal.ts); the server checks it too. */
export const TEST_IMAGE_MAX_BYTES = 100 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export type TestMode = 'image' | 'token';

export interface ImageOptions {
  phrase: boolean;
  caseSensitive: boolean;
  numeric: number;
  math: boolean;
  minLength: string;
  maxLength: string;
  comment: string;
  language: string;
}

export interface TokenOptions {
  type: TestTokenType;
  websiteURL: string;
  websiteKey: string;
  isInvisible: boolean;
  pageAction: string;
  minScore: string;
  action: string;
}

export const INITIAL_IMAGE: ImageOptions = { phrase: false, caseSensitive: false, numeric: 0, math: false, minLength: '', maxLength: '', comment: '', language: '' };
export const INITIAL_TOKEN: TokenOptions = { type: 'recaptcha_v2', websiteURL: '', websiteKey: '', isInvisible: false, pageAction: '', minScore: '0.3', action: '' };

type FieldErrors = Partial<Record<'image' | 'minLength' | 'maxLength' | 'websiteURL' | 'websiteKey', string>>;

const lengthOf = (v: string) => (v.trim() === '' ? 0 : Number(v));
const validLength = (v: string) => v.trim() === '' || (/^\d{1,2}$/.test(v.trim()) && Number(v) <= 20);

/** The form's checks before sending (the server repeats them); keys of `test.errors` by field. */
export function checkTestForm(mode: TestMode, file: File | null, image: ImageOptions, token: TokenOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  if (mode === 'image') {
    if (!file) errors.image = 'test.errors.imageRequired';
    else if (!IMAGE_TYPES.includes(file.type)) errors.image = 'test.errors.ERROR_IMAGE_TYPE_NOT_SUPPORTED';
    else if (file.size > TEST_IMAGE_MAX_BYTES) errors.image = 'test.errors.ERROR_TOO_BIG_CAPTCHA_FILESIZE';
    else if (file.size < 100) errors.image = 'test.errors.ERROR_ZERO_CAPTCHA_FILESIZE';
    if (!validLength(image.minLength)) errors.minLength = 'test.errors.length';
    if (!validLength(image.maxLength)) errors.maxLength = 'test.errors.length';
    if (!errors.minLength && !errors.maxLength && lengthOf(image.minLength) > 0 && lengthOf(image.maxLength) > 0 && lengthOf(image.minLength) > lengthOf(image.maxLength)) {
      errors.maxLength = 'test.errors.minOverMax';
    }
  } else {
    if (!/^https?:\/\/\S+$/i.test(token.websiteURL.trim())) errors.websiteURL = 'test.errors.ERROR_PAGEURL';
    if (token.websiteKey.trim() === '') errors.websiteKey = 'test.errors.ERROR_SITEKEY';
  }
  return errors;
}

/** The request body for the form's state. */
export function toTestInput(mode: TestMode, base64: string, image: ImageOptions, token: TokenOptions): TestCaptchaInput {
  if (mode === 'image') {
    return {
      kind: 'image',
      image: base64,
      phrase: image.phrase,
      caseSensitive: image.caseSensitive,
      numeric: image.numeric,
      math: image.math,
      minLength: lengthOf(image.minLength),
      maxLength: lengthOf(image.maxLength),
      ...(image.comment.trim() ? { comment: image.comment.trim() } : {}),
      ...(image.language ? { language: image.language } : {}),
    };
  }
  return {
    kind: 'token',
    type: token.type,
    websiteURL: token.websiteURL.trim(),
    websiteKey: token.websiteKey.trim(),
    ...(token.type === 'recaptcha_v2' && token.isInvisible ? { isInvisible: true } : {}),
    ...(token.type === 'recaptcha_v3' ? { minScore: Number(token.minScore), ...(token.pageAction.trim() ? { pageAction: token.pageAction.trim() } : {}) } : {}),
    ...(token.type === 'turnstile' && token.action.trim() ? { action: token.action.trim() } : {}),
  };
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function Check({ id, label, hint, checked, onChange }: { id: string; label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="checklist__item">
      <input id={id} type="checkbox" className="checkbox" checked={checked} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.checked)} />
      <div className="checklist__text">
        <label htmlFor={id} className="checklist__label">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="checklist__hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** A chosen picture, shown as it will be sent (blob: URL, allowed by the page's CSP). */
function Preview({ file }: { file: File }) {
  const { t } = useTranslation('customer');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return <div className="test-preview">{url && <img src={url} alt={t('test.previewAlt')} />}</div>;
}

export function TestCaptchaForm({ onSubmitted }: { onSubmitted: (id: number, price: string) => void }) {
  const { t } = useTranslation('customer');
  const typeName = useTypeName();
  const uid = useId();
  const [mode, setMode] = useState<TestMode>('image');
  const [file, setFile] = useState<File | null>(null);
  const [image, setImage] = useState<ImageOptions>(INITIAL_IMAGE);
  const [token, setToken] = useState<TokenOptions>(INITIAL_TOKEN);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submit, { isLoading }] = useSubmitTestCaptchaMutation();
  const [reading, setReading] = useState(false);
  const setI = (patch: Partial<ImageOptions>) => setImage((s) => ({ ...s, ...patch }));
  const setT = (patch: Partial<TokenOptions>) => setToken((s) => ({ ...s, ...patch }));
  const err = (key: keyof FieldErrors) => (errors[key] ? t(errors[key]) : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = checkTestForm(mode, file, image, token) as FieldErrors;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let base64 = '';
    if (mode === 'image' && file) {
      setReading(true);
      try {
        base64 = await readBase64(file);
      } catch {
        setErrors({ image: 'test.errors.ERROR_UPLOAD' });
        return;
      } finally {
        setReading(false);
      }
    }
    const result = await submit(toTestInput(mode, base64, image, token));
    if ('error' in result) {
      const body = (result.error as { data?: { error?: { details?: unknown } } }).data?.error;
      const detail = Array.isArray(body?.details) ? (body.details[0] as { path?: string; code?: string } | undefined) : undefined;
      const code = apiErrorCode(result.error);
      if (code === 'VALIDATION_FAILED' && detail?.code) {
        const field = (detail.path ?? '').replace(/^\//, '') as keyof FieldErrors;
        const text = `test.errors.${detail.code}`;
        if (field && ['image', 'websiteURL', 'websiteKey'].includes(field)) setErrors({ [field]: text });
        else setFormError(t(text, { defaultValue: t('test.errors.ERROR_BAD_PARAMETERS') }));
      } else if (code === 'INSUFFICIENT_FUNDS') setFormError(t('test.errors.noFunds'));
      else if (code === 'CONFLICT') {
        const protocol = (body?.details as { code?: string } | undefined)?.code;
        setFormError(t(`test.errors.${protocol ?? 'refused'}`, { defaultValue: t('test.errors.refused') }));
      } else setFormError(t(errorKey(result.error)));
      return;
    }
    onSubmitted(result.data.id, result.data.price);
  }

  return (
    <Card title={t('test.formTitle')} description={t('test.formLead')}>
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={isLoading || reading}>
        <fieldset className="test-mode">
          <legend className="field__label">{t('test.mode.legend')}</legend>
          <div className="cluster">
            {(['image', 'token'] as const).map((m) => (
              <label key={m} className="test-mode__option">
                <input type="radio" name={`${uid}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />
                <span>{t(`test.mode.${m}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {mode === 'image' ? (
          <div className="stack">
            <Field label={t('test.image.file')} hint={t('test.image.fileHint')} error={err('image')} required>
              <input
                type="file"
                className="input file-input"
                accept={IMAGE_TYPES.join(',')}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setErrors((x) => ({ ...x, image: undefined }));
                }}
              />
            </Field>
            {file && <Preview file={file} />}
            <fieldset className="checklist test-options">
              <legend className="field__label">{t('test.image.options')}</legend>
              <Check id={`${uid}-phrase`} label={t('test.image.phrase')} checked={image.phrase} onChange={(v) => setI({ phrase: v })} />
              <Check id={`${uid}-case`} label={t('test.image.caseSensitive')} checked={image.caseSensitive} onChange={(v) => setI({ caseSensitive: v })} />
              <Check id={`${uid}-math`} label={t('test.image.math')} hint={t('test.image.mathHint')} checked={image.math} onChange={(v) => setI({ math: v })} />
            </fieldset>
            <div className="grid-2 test-grid">
              <Field label={t('test.image.numeric')}>
                <select className="input select" value={image.numeric} onChange={(e) => setI({ numeric: Number(e.target.value) })}>
                  {[0, 1, 2, 3, 4].map((n) => (
                    <option key={n} value={n}>
                      {t(`test.image.numericOptions.${n}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('test.image.language')} hint={t('test.image.languageHint')}>
                <select className="input select" value={image.language} onChange={(e) => setI({ language: e.target.value })}>
                  <option value="">{t('test.image.anyLanguage')}</option>
                  {LANGUAGES.map((l) => (
                    <option key={l} value={l} lang={l}>
                      {LANGUAGE_NAMES[l]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('test.image.minLength')} hint={t('test.image.lengthHint')} error={err('minLength')} optional>
                <TextInput inputMode="numeric" value={image.minLength} onChange={(e) => setI({ minLength: e.target.value })} />
              </Field>
              <Field label={t('test.image.maxLength')} hint={t('test.image.lengthHint')} error={err('maxLength')} optional>
                <TextInput inputMode="numeric" value={image.maxLength} onChange={(e) => setI({ maxLength: e.target.value })} />
              </Field>
            </div>
            <Field label={t('test.image.comment')} hint={t('test.image.commentHint')} optional>
              <TextInput maxLength={140} value={image.comment} onChange={(e) => setI({ comment: e.target.value })} />
            </Field>
          </div>
        ) : (
          <div className="stack">
            <Field label={t('test.token.type')}>
              <select className="input select" value={token.type} onChange={(e) => setT({ type: e.target.value as TestTokenType })}>
                {TEST_TOKEN_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeName(type)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('test.token.websiteURL')} hint={t('test.token.websiteURLHint')} error={err('websiteURL')} required>
              <TextInput type="url" inputMode="url" placeholder="https://example.com/login" value={token.websiteURL} onChange={(e) => setT({ websiteURL: e.target.value })} />
            </Field>
            <Field label={t('test.token.websiteKey')} hint={t('test.token.websiteKeyHint')} error={err('websiteKey')} required>
              <TextInput mono value={token.websiteKey} onChange={(e) => setT({ websiteKey: e.target.value })} />
            </Field>
            {token.type === 'recaptcha_v2' && (
              <fieldset className="checklist">
                <legend className="visually-hidden">{t('test.image.options')}</legend>
                <Check id={`${uid}-invisible`} label={t('test.token.invisible')} checked={token.isInvisible} onChange={(v) => setT({ isInvisible: v })} />
              </fieldset>
            )}
            {token.type === 'recaptcha_v3' && (
              <div className="grid-2 test-grid">
                <Field label={t('test.token.pageAction')} optional>
                  <TextInput value={token.pageAction} onChange={(e) => setT({ pageAction: e.target.value })} />
                </Field>
                <Field label={t('test.token.minScore')}>
                  <select className="input select" value={token.minScore} onChange={(e) => setT({ minScore: e.target.value })}>
                    {['0.3', '0.7', '0.9'].map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
            )}
            {token.type === 'turnstile' && (
              <Field label={t('test.token.action')} optional>
                <TextInput value={token.action} onChange={(e) => setT({ action: e.target.value })} />
              </Field>
            )}
          </div>
        )}

        <FormMessage error={formError} />
        <div className="cluster">
          <Button type="submit" loading={isLoading || reading}>
            {t('test.submit')}
          </Button>
          <span className="text-sm muted">{t('test.charged')}</span>
        </div>
      </form>
    </Card>
  );
}

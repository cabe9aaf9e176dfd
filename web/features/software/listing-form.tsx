import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import { LISTING_LANGUAGES, ListingInputSchema, PLATFORMS, PRICE_MODELS, SOFTWARE_CATEGORIES, type ListingInput, type OwnListing } from '#shared/contracts/software.ts';
import { Button } from '#web/components/button/button.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { useDeleteScreenshotMutation, useUploadScreenshotMutation } from './api.ts';

export const EMPTY_LISTING: ListingInput = {
  name: '',
  summary: '',
  description: '',
  categories: [],
  platforms: [],
  captchaTypes: [],
  languages: ['en'],
  priceModel: 'free',
  siteUrl: null,
  repositoryUrl: null,
  downloadUrl: null,
};

type Errors = Partial<Record<keyof ListingInput, string>>;

function Checkboxes<T extends string>({ legend, options, value, onChange, label, error }: { legend: string; options: readonly T[]; value: readonly T[]; onChange: (v: T[]) => void; label: (o: T) => string; error?: string }) {
  return (
    <fieldset className="software-checks" aria-invalid={error ? true : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="software-checks__options">
        {options.map((o) => (
          <label key={o} className="software-checks__option">
            <input type="checkbox" checked={value.includes(o)} onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((x) => x !== o))} />
            <span>{label(o)}</span>
          </label>
        ))}
      </div>
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}

/** /software/add and /software/{slug}/edit: the listing's fields, checked as the server checks them. */
export function ListingForm({ initial, submitLabel, onSubmit, busy }: { initial: ListingInput; submitLabel: string; onSubmit: (input: ListingInput) => Promise<{ error?: unknown } | object>; busy: boolean }) {
  const { t } = useTranslation('software');
  const [v, setV] = useState<ListingInput>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof ListingInput>(k: K, value: ListingInput[K]) => setV((x) => ({ ...x, [k]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = ListingInputSchema.safeParse(v);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof ListingInput;
        next[key] ??= t(`form.errors.${key}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const result = await onSubmit(parsed.data);
    if ('error' in result && result.error) setFailure(apiErrorCode(result.error) === 'VALIDATION_FAILED' ? t('form.errors.invalid') : t('form.errors.failed'));
  };
  const url = (k: 'siteUrl' | 'repositoryUrl' | 'downloadUrl') => (
    <Field label={t(`form.${k}`)} optional error={errors[k]}>
      <TextInput type="url" inputMode="url" value={v[k] ?? ''} onChange={(e) => set(k, e.target.value || null)} placeholder="https://" maxLength={500} />
    </Field>
  );

  return (
    <form className="software-form stack stack--lg" onSubmit={submit} noValidate>
      <Field label={t('form.name')} required error={errors.name}>
        <TextInput value={v.name} onChange={(e) => set('name', e.target.value)} maxLength={80} />
      </Field>
      <Field label={t('form.summary')} hint={t('form.summaryHint')} required error={errors.summary}>
        <TextInput value={v.summary} onChange={(e) => set('summary', e.target.value)} maxLength={200} />
      </Field>
      <Field label={t('form.description')} hint={t('form.descriptionHint')} optional error={errors.description}>
        <textarea className="input textarea" rows={8} value={v.description} onChange={(e) => set('description', e.target.value)} maxLength={20000} />
      </Field>
      <Checkboxes legend={t('form.categories')} options={SOFTWARE_CATEGORIES} value={v.categories} onChange={(x) => set('categories', x)} label={(o) => t(`categories.${o}`)} error={errors.categories} />
      <Checkboxes legend={t('form.platforms')} options={PLATFORMS} value={v.platforms} onChange={(x) => set('platforms', x)} label={(o) => t(`platforms.${o}`)} />
      <Checkboxes legend={t('form.captchaTypes')} options={CAPTCHA_TYPES.map((d) => d.slug)} value={v.captchaTypes} onChange={(x) => set('captchaTypes', x)} label={(o) => t(`pricing:types.${o}`, { defaultValue: o })} />
      <Checkboxes legend={t('form.languages')} options={LISTING_LANGUAGES} value={v.languages} onChange={(x) => set('languages', x)} label={(o) => o.toUpperCase()} />
      <Field label={t('form.priceModel')} required>
        <select className="input select" value={v.priceModel} onChange={(e) => set('priceModel', e.target.value as ListingInput['priceModel'])}>
          {PRICE_MODELS.map((p) => (
            <option key={p} value={p}>
              {t(`priceModels.${p}`)}
            </option>
          ))}
        </select>
      </Field>
      {url('siteUrl')}
      {url('repositoryUrl')}
      {url('downloadUrl')}
      <FormMessage error={failure ?? (Object.keys(errors).length ? t('form.errors.check') : null)} />
      <div>
        <Button type="submit" size="lg" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Screenshots of a saved listing: upload (resized on the server) and remove. */
export function ScreenshotsEditor({ listing }: { listing: OwnListing }) {
  const { t } = useTranslation('software');
  const [upload, uploadState] = useUploadScreenshotMutation();
  const [remove] = useDeleteScreenshotMutation();
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="shots-title">
      <h2 id="shots-title">{t('form.screenshots')}</h2>
      {listing.screenshots.length > 0 && (
        <ul className="software-shots">
          {listing.screenshots.map((s, i) => (
            <li key={s.id} className="stack stack--sm">
              <img src={s.thumb} width={200} height={Math.round((200 * s.height) / s.width)} alt={t('detail.screenshotAlt', { name: listing.input.name, n: i + 1 })} />
              <Button variant="secondary" onClick={() => void remove({ id: listing.id, screenshotId: s.id })}>
                {t('form.removeScreenshot')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Field label={t('form.addScreenshot')} hint={t('form.screenshotHint')}>
        <input
          type="file"
          className="input"
          accept="image/png,image/jpeg,image/webp"
          disabled={uploadState.isLoading}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setError(null);
            const result = await upload({ id: listing.id, file });
            if ('error' in result) setError(t('form.errors.screenshot'));
          }}
        />
      </Field>
      <FormMessage error={error} />
    </section>
  );
}

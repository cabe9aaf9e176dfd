import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { useUpdateWorkerLanguagesMutation } from './api.ts';
import { errorKey } from './errors.ts';

const MAX_LANGUAGES = 15;

/** The languages the worker reads: tasks in other languages are not offered to them. */
export function LanguageForm({ initial }: { initial: readonly string[] }) {
  const { t } = useTranslation('worker');
  const [chosen, setChosen] = useState<Language[]>(() => LANGUAGES.filter((l) => initial.includes(l)));
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { isLoading, error }] = useUpdateWorkerLanguagesMutation();

  const toggle = (lang: Language) => {
    setSaved(false);
    setProblem(null);
    setChosen((list) => (list.includes(lang) ? list.filter((l) => l !== lang) : LANGUAGES.filter((l) => l === lang || list.includes(l))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setProblem(t('languages.none'));
      return;
    }
    const result = await update({ languages: chosen.slice(0, MAX_LANGUAGES) });
    if ('data' in result) setSaved(true);
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="worker-languages">
        <legend className="field__label">{t('languages.legend')}</legend>
        <ul className="worker-languages__list">
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <label className="worker-languages__option">
                <input type="checkbox" className="worker-languages__box" checked={chosen.includes(lang)} onChange={() => toggle(lang)} />
                <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
                <span className="worker-languages__code mono">{lang}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="text-sm text-secondary">{t('languages.count', { count: chosen.length })}</p>
      <div role="alert">
        {problem && <Banner tone="danger">{problem}</Banner>}
        {error && !problem && <Banner tone="danger">{t(errorKey(error))}</Banner>}
      </div>
      <div role="status">{saved && <Banner tone="success">{t('languages.saved')}</Banner>}</div>
      <div>
        <Button type="submit" size="lg" loading={isLoading}>
          {t('languages.save')}
        </Button>
      </div>
    </form>
  );
}

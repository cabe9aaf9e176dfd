import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { SAMPLE_LANGUAGES, type SampleLanguage } from '#shared/contracts/api-docs.ts';
import { Button } from '#web/components/button/button.tsx';
import { useSampleLanguage } from './prefs.ts';
import { Tabs } from './tabs.tsx';

/** A code block with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation('apidocs');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
    window.setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className="code-block">
      <div className="code-block__bar">
        <span className="code-block__label">{label}</span>
        <Button variant="tertiary" className="code-block__copy" onClick={() => void copy()} data-testid="copy-code">
          {state === 'copied' ? t('samples.copied') : t('samples.copy')}
        </Button>
        <span role="status" className="visually-hidden">{state === 'copied' ? t('samples.copied') : state === 'failed' ? t('samples.copyFailed') : ''}</span>
      </div>
      <pre className="code-block__pre" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** The samples of one API version in every language, as tabs; the language choice is remembered. */
export function CodeSamples({ samples }: { samples: Record<SampleLanguage, string> }) {
  const { t } = useTranslation('apidocs');
  const [language, setLanguage] = useSampleLanguage();
  return (
    <Tabs
      label={t('samples.label')}
      options={SAMPLE_LANGUAGES}
      value={language}
      onChange={setLanguage}
      labelOf={(l) => t(`samples.languages.${l}`)}
      panel={(l) => <CodeBlock code={samples[l]} label={t(`samples.languages.${l}`)} />}
      testId="code-samples"
    />
  );
}

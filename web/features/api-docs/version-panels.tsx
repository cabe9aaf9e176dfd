import { useTranslation } from '#web/lib/i18n-react.ts';
import { API_VERSIONS, type ApiVersion, type TypeDoc, type TypeVersionDoc } from '#shared/contracts/api-docs.ts';
import { CodeBlock, CodeSamples } from './code-samples.tsx';
import { SectionHeading } from './docs-layout.tsx';
import { useApiVersion } from './prefs.ts';
import { ErrorTable, ParamTable } from './tables.tsx';
import { Tabs } from './tabs.tsx';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The request line and body of the example, as a developer would send it. */
function requestText(doc: TypeDoc, version: ApiVersion, v: TypeVersionDoc): string {
  if (version === 'v2') return `POST ${doc.apiUrl}/createTask\nContent-Type: application/json\n\n${json(v.request)}`;
  const form = Object.entries(v.request).map(([k, value]) => `${k}=${typeof value === 'string' ? value : JSON.stringify(value)}`).join('&');
  return `POST ${doc.apiUrl}/in.php\nContent-Type: application/x-www-form-urlencoded\n\n${form}`;
}

function VersionPanel({ doc, version }: { doc: TypeDoc; version: ApiVersion }) {
  const { t } = useTranslation('apidocs');
  const v = doc[version]!;
  const id = (s: string) => `${s}-${version}`;
  return (
    <div className="stack stack--lg">
      <p>
        <strong>{t(version === 'v1' ? 'type.selectorsV1' : 'type.selectorsV2')}:</strong>{' '}
        {v.selectors.map((s, i) => <span key={s}>{i > 0 && ', '}<code>{s}</code></span>)}
      </p>
      <section className="stack">
        <SectionHeading id={id('parameters')}>{t('sections.parameters')}</SectionHeading>
        <ParamTable params={v.params} caption={t('table.caption', { name: doc.name, version })} testId={`params-${version}`} />
      </section>
      <section className="stack">
        <SectionHeading id={id('request')}>{t('sections.request')}</SectionHeading>
        <p className="muted">{t('type.requestLead')}</p>
        <CodeBlock code={requestText(doc, version, v)} label="HTTP" />
      </section>
      <section className="stack">
        <SectionHeading id={id('answer')}>{t('sections.answer')}</SectionHeading>
        {v.answer.plain !== undefined && <CodeBlock code={v.answer.plain} label={t('type.answerPlain')} />}
        <CodeBlock code={json(v.answer.json)} label={version === 'v1' ? t('type.answerJson') : t('type.answerV2')} />
      </section>
      <section className="stack">
        <SectionHeading id={id('errors')}>{t('sections.typeErrors')}</SectionHeading>
        <ErrorTable rows={v.errors} withId={version === 'v2'} testId={`type-errors-${version}`} />
      </section>
      <section className="stack">
        <SectionHeading id={id('samples')}>{t('sections.samples')}</SectionHeading>
        <p className="muted">{t('type.samplesLead', { file: doc.kind === 'image' ? (doc.slug === 'audio' ? 'captcha.mp3' : 'captcha.png') : '—' })}</p>
        <CodeSamples samples={v.samples} />
      </section>
    </div>
  );
}

/** Both API versions of a type as tabs; the choice is remembered across pages. */
export function VersionPanels({ doc }: { doc: TypeDoc }) {
  const { t } = useTranslation('apidocs');
  const [version, setVersion] = useApiVersion();
  return (
    <Tabs
      label={t('type.version')}
      options={API_VERSIONS.filter((v) => doc[v] !== undefined)}
      value={version}
      onChange={setVersion}
      labelOf={(v) => t(`versions.${v}`)}
      panel={(v) => <VersionPanel doc={doc} version={v} />}
      testId="version-switch"
    />
  );
}

/** The samples of a type in both versions (the home page's quick start). */
export function QuickSamples({ doc }: { doc: TypeDoc }) {
  const { t } = useTranslation('apidocs');
  const [version, setVersion] = useApiVersion();
  return (
    <Tabs
      label={t('type.version')}
      options={API_VERSIONS.filter((v) => doc[v] !== undefined)}
      value={version}
      onChange={setVersion}
      labelOf={(v) => t(`versions.${v}`)}
      panel={(v) => <CodeSamples samples={doc[v]!.samples} />}
      testId="quick-version-switch"
    />
  );
}

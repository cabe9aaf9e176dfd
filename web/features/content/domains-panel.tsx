import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { COLLECTIONS, CONTENT_LANGUAGES, type Collection, type ContentDomain, type ContentLanguage } from '#shared/contracts/content.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { useDomainsQuery, useSaveDomainMutation } from './api.ts';
import { useEditorError } from './article-editor.tsx';

function toggle<T>(list: T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...list, value])] : list.filter((x) => x !== value);
}

function DomainRow({ domain }: { domain: ContentDomain }) {
  const { t } = useTranslation('content');
  const errorText = useEditorError();
  const [collections, setCollections] = useState<Collection[]>(domain.collections);
  const [languages, setLanguages] = useState<ContentLanguage[]>(domain.languages);
  const [save, saving] = useSaveDomainMutation();
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const label = ['intl', 'ru', 'zh'].includes(domain.host) ? t(`editor.hosts.${domain.host}`) : domain.host;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await save({ host: domain.host, collections, languages });
    setMessage('error' in res ? { error: errorText(res.error) } : { success: t('domains.saved') });
  };
  return (
    <form className="domain-row" onSubmit={(e) => void submit(e)} aria-label={label}>
      <div>
        <strong>{label}</strong>
        <div className="muted text-sm">{domain.url ?? (['intl', 'ru', 'zh'].includes(domain.host) ? t('domains.notConfigured') : domain.host)}</div>
      </div>
      <fieldset className="editor-checks">
        <legend className="visually-hidden">{t('domains.collections')}</legend>
        {COLLECTIONS.map((c) => (
          <label key={c} className="check">
            <input type="checkbox" checked={collections.includes(c)} onChange={(e) => setCollections(toggle(collections, c, e.target.checked))} />
            <span>{t(`collections.${c}.title`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="editor-checks">
        <legend className="visually-hidden">{t('domains.languages')}</legend>
        {CONTENT_LANGUAGES.map((l) => (
          <label key={l} className="check">
            <input type="checkbox" checked={languages.includes(l)} onChange={(e) => setLanguages(toggle(languages, l, e.target.checked))} />
            <span>{l.toUpperCase()}</span>
          </label>
        ))}
      </fieldset>
      <div className="stack stack--sm">
        <Button type="submit" variant="secondary" disabled={saving.isLoading}>
          {t('domains.save')}
        </Button>
        <FormMessage error={message.error} success={message.success} />
      </div>
    </form>
  );
}

/** /editor/manual-domains (admins): which sections and languages each host shows; extra hosts can be added. */
export function DomainsPanel() {
  const { t } = useTranslation('content');
  const query = useDomainsQuery();
  const [save, saving] = useSaveDomainMutation();
  const errorText = useEditorError();
  const [host, setHost] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const name = host.trim().toLowerCase();
    if (!name) return;
    const res = await save({ host: name, collections: [...COLLECTIONS], languages: ['en'] });
    if ('error' in res) return setError(errorText(res.error));
    setHost('');
  };
  if (query.isError) return <Banner tone="danger">{t('domains.error')}</Banner>;
  if (!query.data) return <LoadingBlock lines={3} />;
  return (
    <div className="stack stack--lg">
      <Card>
        <div className="domain-head muted text-sm" aria-hidden="true">
          <span>{t('domains.host')}</span>
          <span>{t('domains.collections')}</span>
          <span>{t('domains.languages')}</span>
          <span />
        </div>
        <div className="stack">
          {query.data.map((d) => (
            <DomainRow key={`${d.host}:${d.updatedAt}`} domain={d} />
          ))}
        </div>
      </Card>
      <Card headingLevel={2} title={t('domains.addTitle')}>
        <form className="domain-add" onSubmit={(e) => void add(e)}>
          <Field label={t('domains.addHost')}>
            <TextInput value={host} onChange={(e) => setHost(e.target.value)} placeholder="partner.example.com" maxLength={253} />
          </Field>
          <Button type="submit" variant="primary" disabled={saving.isLoading}>
            {t('domains.add')}
          </Button>
        </form>
        <FormMessage error={error} />
      </Card>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import type { AdminCampaign } from '#shared/contracts/promotions.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { useAdminCampaignsQuery, useCreateCampaignMutation, useSetCampaignPausedMutation } from './api.ts';
import { promoErrorKey } from './errors.ts';
import { formatWhen, isoToLocalInput, localInputToIso } from './format.ts';

const STATUS_TONE: Record<AdminCampaign['status'], BadgeTone> = { running: 'success', scheduled: 'info', paused: 'warning', ended: 'neutral' };

function CreateCampaignForm() {
  const { t } = useTranslation(['promotions', 'pricing']);
  const [create, creating] = useCreateCampaignMutation();
  const [name, setName] = useState('');
  const [percent, setPercent] = useState('20');
  const [types, setTypes] = useState<ReadonlySet<string>>(new Set());
  const [startsAt, setStartsAt] = useState(() => isoToLocalInput(new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(() => isoToLocalInput(new Date(Date.now() + 7 * 86_400_000).toISOString()));
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    const from = localInputToIso(startsAt);
    const to = localInputToIso(endsAt);
    if (!name.trim() || types.size === 0 || !from || !to) return setError(t('admin.campaigns.incomplete'));
    if (Date.parse(to) <= Date.parse(from)) return setError(t('admin.campaigns.backwards'));
    const res = await create({ name: name.trim(), percent: Number(percent), types: [...types], startsAt: from, endsAt: to });
    if ('error' in res) return setError(t(promoErrorKey(res.error)));
    setSuccess(t('admin.campaigns.created', { name: res.data.name }));
    setName('');
    setTypes(new Set());
  };
  const toggleType = (slug: string) =>
    setTypes((s) => {
      const next = new Set(s);
      if (next.has(slug)) next.delete(slug);
      else next.add(slug);
      return next;
    });

  return (
    <Card title={t('admin.campaigns.createTitle')} headingLevel={2}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="admin-promo-form">
          <Field label={t('admin.campaigns.name')} required>
            <TextInput value={name} onChange={(e) => setName(e.target.value)} name="name" maxLength={80} />
          </Field>
          <Field label={t('admin.campaigns.percent')} required>
            <TextInput inputMode="numeric" value={percent} onChange={(e) => setPercent(e.target.value)} name="percent" />
          </Field>
          <Field label={t('admin.campaigns.starts')} hint={t('admin.utcHint')} required>
            <TextInput type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} name="startsAt" />
          </Field>
          <Field label={t('admin.campaigns.ends')} hint={t('admin.utcHint')} required>
            <TextInput type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} name="endsAt" />
          </Field>
        </div>
        <fieldset className="campaign-types">
          <legend>{t('admin.campaigns.types', { count: types.size })}</legend>
          <div className="campaign-types__grid">
            {CAPTCHA_TYPES.map((def) => (
              <label key={def.slug} className="campaign-types__option">
                <input type="checkbox" checked={types.has(def.slug)} onChange={() => toggleType(def.slug)} value={def.slug} />
                <span>{t(`pricing:types.${def.slug}`, { defaultValue: def.slug })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm muted">{t('admin.campaigns.note')}</p>
        <div>
          <Button type="submit" disabled={creating.isLoading}>
            {creating.isLoading ? t('admin.saving') : t('admin.campaigns.create')}
          </Button>
        </div>
        <FormMessage error={error} success={success} />
      </form>
    </Card>
  );
}

/** Admins: create discount campaigns, pause and resume them, and see each one's tasks and discount given. */
export function CampaignsPanel() {
  const { t, i18n } = useTranslation(['promotions', 'pricing']);
  const { data, isLoading, isError, refetch } = useAdminCampaignsQuery();
  const [setPaused, pausing] = useSetCampaignPausedMutation();
  const [error, setError] = useState<string | null>(null);
  const toggle = async (row: AdminCampaign) => {
    setError(null);
    const res = await setPaused({ id: row.id, paused: !row.paused });
    if ('error' in res) setError(t(promoErrorKey(res.error)));
  };

  return (
    <div className="stack stack--lg">
      <CreateCampaignForm />
      <section className="stack" aria-labelledby="campaigns-title">
        <h2 id="campaigns-title">{t('admin.campaigns.listTitle')}</h2>
        {error && (
          <Banner tone="danger" role="alert">
            {error}
          </Banner>
        )}
        {isLoading ? (
          <LoadingBlock lines={4} />
        ) : isError || !data ? (
          <Banner tone="danger" role="alert">
            <div className="cluster">
              <span>{t('admin.loadFailed')}</span>
              <Button variant="secondary" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            </div>
          </Banner>
        ) : data.length === 0 ? (
          <EmptyState title={t('admin.campaigns.empty.title')} description={t('admin.campaigns.empty.text')} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('admin.campaigns.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.campaigns.name')}</th>
                  <th scope="col" className="num">{t('admin.campaigns.percent')}</th>
                  <th scope="col">{t('admin.campaigns.typesShort')}</th>
                  <th scope="col">{t('admin.campaigns.window')}</th>
                  <th scope="col" className="num">{t('admin.campaigns.tasks')}</th>
                  <th scope="col" className="num">{t('admin.campaigns.discounted')}</th>
                  <th scope="col">{t('admin.status')}</th>
                  <th scope="col"><span className="visually-hidden">{t('admin.actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.id} data-testid={`campaign-row-${row.id}`}>
                    <th scope="row">{row.name}</th>
                    <td className="num" data-label={t('admin.campaigns.percent')}>{row.percent}%</td>
                    <td data-label={t('admin.campaigns.typesShort')}>{row.types.map((slug) => t(`pricing:types.${slug}`, { defaultValue: slug })).join(', ')}</td>
                    <td data-label={t('admin.campaigns.window')}>{formatWhen(row.startsAt, i18n.language)} – {formatWhen(row.endsAt, i18n.language)}</td>
                    <td className="num" data-label={t('admin.campaigns.tasks')}>{row.tasks.toLocaleString(i18n.language)}</td>
                    <td className="num" data-label={t('admin.campaigns.discounted')}>${row.discounted}</td>
                    <td data-label={t('admin.status')}><Badge tone={STATUS_TONE[row.status]}>{t(`admin.campaigns.statuses.${row.status}`)}</Badge></td>
                    <td>
                      {row.status !== 'ended' && (
                        <Button variant="secondary" disabled={pausing.isLoading} onClick={() => void toggle(row)} aria-label={t(row.paused ? 'admin.resumeNamed' : 'admin.pauseNamed', { name: row.name })}>
                          {t(row.paused ? 'admin.resume' : 'admin.pause')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

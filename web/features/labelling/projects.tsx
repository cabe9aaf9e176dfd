import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { isLanguage, LANGUAGE_NAMES } from '#shared/i18n/languages.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { exportUrl, itemImageUrl, labellingApi, type ItemStatus, type LabellingKind, type ProjectView } from './projects-api.ts';

const STATUS_TONE: Record<string, BadgeTone> = { draft: 'neutral', running: 'info', done: 'success', pending: 'neutral', queued: 'info', review: 'warning', accepted: 'success', rejected: 'danger' };
const ERRORS = ['INSUFFICIENT_FUNDS', 'CONFLICT', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED', 'RATE_LIMITED'];
const usd = (lang: string, micros: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(micros / 1_000_000);

function useErrorText() {
  const { t } = useTranslation('labelling');
  return (error: unknown) => {
    const code = apiErrorCode(error);
    return t(`projects.errors.${code && ERRORS.includes(code) ? code : 'other'}`);
  };
}

/** The customer's labelling projects and the form that creates one. */
export function ProjectList({ lang }: { lang: string }) {
  const { t } = useTranslation('labelling');
  const list = labellingApi.useLabellingProjectsQuery();
  return (
    <div className="stack stack--lg">
      <section className="stack" aria-labelledby="lab-list">
        <h2 id="lab-list">{t('projects.listTitle')}</h2>
        {list.isError ? (
          <Banner tone="danger">{t('projects.loadError')}</Banner>
        ) : !list.data ? (
          <LoadingBlock lines={3} />
        ) : list.data.projects.length === 0 ? (
          <EmptyState title={t('projects.emptyTitle')} description={t('projects.emptyText')} />
        ) : (
          <ul className="lab-projects">
            {list.data.projects.map((p) => (
              <li key={p.id}>
                <LocalizedLink to={`/data/projects/${p.id}`} className="lab-projects__link">
                  <span className="lab-projects__name">{p.name}</span>
                  <span className="cluster">
                    <span className="text-sm text-secondary">{t(`projects.kinds.${p.kind}`)}</span>
                    <Badge tone={STATUS_TONE[p.status]}>{t(`projects.status.${p.status}`)}</Badge>
                    <span className="text-sm text-secondary">{new Date(p.createdAt).toLocaleDateString(lang)}</span>
                  </span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewProjectForm />
    </div>
  );
}

function NewProjectForm() {
  const { t } = useTranslation('labelling');
  const errorText = useErrorText();
  const [create, state] = labellingApi.useCreateLabellingProjectMutation();
  const [name, setName] = useState('');
  const [instructions, setInstructions] = useState('');
  const [classes, setClasses] = useState('');
  const [kind, setKind] = useState<LabellingKind>('bbox');
  const [annotators, setAnnotators] = useState(2);
  const [tiling, setTiling] = useState(false);
  const [created, setCreated] = useState<number | null>(null);
  const classList = classes.split(',').map((c) => c.trim()).filter(Boolean);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await create({ name, instructions, classes: classList, kind, annotators, tiling });
    if ('data' in res && res.data) setCreated(res.data.id);
  };
  return (
    <Card as="section" aria-labelledby="lab-new" className="stack">
      <h2 id="lab-new">{t('projects.newTitle')}</h2>
      <form className="stack" onSubmit={submit}>
        <Field label={t('projects.name')} required>
          <TextInput value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required />
        </Field>
        <Field label={t('projects.instructions')} hint={t('projects.instructionsHint')} required>
          {(control) => <textarea {...control} className="input textarea" rows={3} value={instructions} onChange={(e) => setInstructions(e.target.value)} maxLength={800} required />}
        </Field>
        <Field label={t('projects.classes')} hint={t('projects.classesHint')} required>
          <TextInput value={classes} onChange={(e) => setClasses(e.target.value)} required />
        </Field>
        <div className="lab-form-row">
          <Field label={t('projects.kind')}>
            {(control) => (
              <select {...control} className="input select" value={kind} onChange={(e) => setKind(e.target.value as LabellingKind)}>
                {(['bbox', 'classification', 'points'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`projects.kinds.${k}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('projects.annotators')} hint={t('projects.annotatorsHint')}>
            <TextInput type="number" min={1} max={5} value={annotators} onChange={(e) => setAnnotators(Math.max(1, Math.min(5, Number(e.target.value) || 1)))} />
          </Field>
        </div>
        <label className="lab-check">
          <input type="checkbox" checked={tiling} onChange={(e) => setTiling(e.target.checked)} /> {t('projects.tiling')}
        </label>
        {state.isError && <Banner tone="danger">{errorText(state.error)}</Banner>}
        {created !== null && (
          <Banner tone="success">
            {t('projects.created')} <LocalizedLink to={`/data/projects/${created}`}>{t('projects.open')}</LocalizedLink>
          </Banner>
        )}
        <div>
          <Button type="submit" size="lg" disabled={state.isLoading}>
            {t('projects.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** One project: upload and estimate (draft), progress, per-class counts, gallery and exports. */
export function ProjectDetail({ id, lang }: { id: number; lang: string }) {
  const { t } = useTranslation('labelling');
  const view = labellingApi.useLabellingProjectQuery(id, { pollingInterval: 10_000 });
  if (view.isError) return <Banner tone="danger">{apiErrorCode(view.error) === 'NOT_FOUND' ? t('projects.notFound') : t('projects.loadError')}</Banner>;
  if (!view.data) return <LoadingBlock lines={6} />;
  const v = view.data;
  return (
    <div className="stack stack--lg">
      <div className="cluster">
        <Badge tone={STATUS_TONE[v.project.status]}>{t(`projects.status.${v.project.status}`)}</Badge>
        <span className="text-secondary">
          {t(`projects.kinds.${v.project.kind}`)} · {t('projects.annotatorsCount', { count: v.project.annotators })} · {v.project.classes.join(', ')}
        </span>
      </div>
      <p>{v.project.instructions}</p>
      <p className="text-sm text-secondary">
        {v.project.language ? t('projects.language', { language: isLanguage(v.project.language) ? LANGUAGE_NAMES[v.project.language] : v.project.language }) : t('projects.anyLanguage')}{' '}
        <LocalizedLink to="/setting">{t('projects.languageSetting')}</LocalizedLink>
      </p>
      {v.project.status === 'draft' ? <DraftPanel view={v} lang={lang} /> : <Progress view={v} lang={lang} />}
      <Gallery view={v} />
    </div>
  );
}

function DraftPanel({ view, lang }: { view: ProjectView; lang: string }) {
  const { t } = useTranslation('labelling');
  const errorText = useErrorText();
  const [upload, up] = labellingApi.useUploadLabellingFilesMutation();
  const [start, st] = labellingApi.useStartLabellingProjectMutation();
  const [files, setFiles] = useState<File[]>([]);
  const est = view.estimate;
  return (
    <div className="lab-grid">
      <Card as="section" aria-labelledby="lab-upload" className="stack">
        <h2 id="lab-upload">{t('projects.uploadTitle')}</h2>
        <p className="text-secondary">{t('projects.uploadHint')}</p>
        <form
          className="stack"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!files.length) return;
            const res = await upload({ id: view.project.id, files });
            if ('data' in res) setFiles([]);
          }}
        >
          <Field label={t('projects.files')}>
            {(control) => <input {...control} type="file" multiple accept="image/png,image/jpeg,image/webp,image/tiff,image/gif,.zip,application/zip" onChange={(e) => setFiles([...(e.target.files ?? [])])} />}
          </Field>
          {up.isError && <Banner tone="danger">{errorText(up.error)}</Banner>}
          {up.data && <Banner tone="success">{t('projects.uploaded', { count: up.data.added, items: up.data.items })}</Banner>}
          <div>
            <Button type="submit" variant="secondary" disabled={!files.length || up.isLoading}>
              {up.isLoading ? t('projects.uploading') : t('projects.upload')}
            </Button>
          </div>
        </form>
      </Card>
      <Card as="section" aria-labelledby="lab-estimate" className="stack">
        <h2 id="lab-estimate">{t('projects.estimateTitle')}</h2>
        {est && est.items > 0 ? (
          <>
            <dl className="lab-facts">
              <dt>{t('projects.images')}</dt>
              <dd>{view.images.length}</dd>
              <dt>{t('projects.items')}</dt>
              <dd>{est.items}</dd>
              <dt>{t('projects.tasks')}</dt>
              <dd>{est.tasks}</dd>
              <dt>{t('projects.priceEach')}</dt>
              <dd>{usd(lang, est.priceEach)}</dd>
              <dt>{t('projects.total')}</dt>
              <dd className="lab-facts__total">{usd(lang, est.total)}</dd>
            </dl>
            <p className="text-sm text-secondary">{t('projects.estimateNote')}</p>
            {st.isError && <Banner tone="danger">{errorText(st.error)}</Banner>}
            <div>
              <Button size="lg" disabled={st.isLoading} onClick={() => start({ id: view.project.id, expectedTotal: est.total })}>
                {t('projects.start', { total: usd(lang, est.total) })}
              </Button>
            </div>
          </>
        ) : (
          <p className="text-secondary">{t('projects.noImages')}</p>
        )}
      </Card>
    </div>
  );
}

function Progress({ view, lang }: { view: ProjectView; lang: string }) {
  const { t } = useTranslation('labelling');
  const total = view.items.length || 1;
  const accepted = view.progress.accepted;
  return (
    <div className="lab-grid">
      <Card as="section" aria-labelledby="lab-progress" className="stack">
        <h2 id="lab-progress">{t('projects.progressTitle')}</h2>
        <progress className="lab-progress" max={total} value={accepted} aria-label={t('projects.progressLabel', { done: accepted, total })} />
        <dl className="lab-facts">
          {(['queued', 'review', 'accepted'] as ItemStatus[]).map((s) => (
            <div key={s} className="lab-facts__row">
              <dt>{t(`projects.status.${s}`)}</dt>
              <dd>{view.progress[s]}</dd>
            </div>
          ))}
          <div className="lab-facts__row">
            <dt>{t('projects.charged')}</dt>
            <dd>{usd(lang, view.project.charged ?? 0)}</dd>
          </div>
        </dl>
      </Card>
      <Card as="section" aria-labelledby="lab-classes" className="stack">
        <h2 id="lab-classes">{t('projects.perClassTitle')}</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('projects.class')}</th>
              <th scope="col" className="num">
                {t('projects.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.project.classes.map((c, k) => (
              <tr key={c}>
                <td>{c}</td>
                <td className="num">{view.perClass[k] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="cluster">
          {(['coco', 'yolo', 'voc', 'csv'] as const).map((f) => (
            <a key={f} href={exportUrl(view.project.id, f)} className={buttonClassName('secondary', 'md')} download>
              {t(`projects.export.${f}`)}
            </a>
          ))}
        </div>
      </Card>
    </div>
  );
}

function Gallery({ view }: { view: ProjectView }) {
  const { t } = useTranslation('labelling');
  const errorText = useErrorText();
  const [decide, st] = labellingApi.useDecideLabellingItemMutation();
  if (!view.items.length) return null;
  const names = new Map(view.images.map((i) => [i.id, i.fileName]));
  const tiles = new Map<number, number>();
  for (const i of view.items) tiles.set(i.imageId, (tiles.get(i.imageId) ?? 0) + 1);
  return (
    <section className="stack" aria-labelledby="lab-gallery">
      <h2 id="lab-gallery">{t('projects.galleryTitle')}</h2>
      {st.isError && <Banner tone="danger">{errorText(st.error)}</Banner>}
      <ul className="lab-gallery">
        {view.items.map((item) => {
          const w = Math.round(item.w * item.scale);
          const h = Math.round(item.h * item.scale);
          const label = (tiles.get(item.imageId) ?? 1) > 1 ? t('projects.tileOf', { name: names.get(item.imageId), n: item.tile + 1 }) : names.get(item.imageId);
          return (
            <li key={item.id} className="lab-gallery__item">
              <figure className="lab-gallery__figure">
                <div className="lab-gallery__picture">
                  <img src={itemImageUrl(item.id)} alt={label ?? ''} width={w} height={h} loading="lazy" />
                  {view.project.kind !== 'classification' && (
                    <svg viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" aria-hidden="true">
                      {(item.result ?? []).map((b, i) => (
                        <rect key={i} x={b.x1} y={b.y1} width={Math.max(1, b.x2 - b.x1)} height={Math.max(1, b.y2 - b.y1)} className={`lab-box lab-box--c${b.cls % 6}`} strokeWidth={Math.max(2, w / 200)} />
                      ))}
                    </svg>
                  )}
                </div>
                <figcaption className="stack stack--sm">
                  <span className="lab-gallery__name">{label}</span>
                  <span className="cluster">
                    <Badge tone={STATUS_TONE[item.status]}>{t(`projects.status.${item.status}`)}</Badge>
                    <span className="text-sm text-secondary">
                      {view.project.kind === 'classification'
                        ? (item.result ?? []).map((b) => view.project.classes[b.cls]).join(', ')
                        : t('projects.boxes', { count: item.result?.length ?? 0 })}
                    </span>
                  </span>
                  {(item.status === 'review' || item.status === 'accepted') && (
                    <span className="cluster">
                      {item.status === 'review' && (
                        <Button size="md" variant="secondary" disabled={st.isLoading} onClick={() => decide({ id: view.project.id, itemId: item.id, decision: 'accept' })}>
                          {t('projects.accept')}
                        </Button>
                      )}
                      <Button size="md" variant="tertiary" disabled={st.isLoading} onClick={() => decide({ id: view.project.id, itemId: item.id, decision: 'reject' })}>
                        {t('projects.reject')}
                      </Button>
                    </span>
                  )}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-secondary">{t('projects.rejectNote')}</p>
    </section>
  );
}

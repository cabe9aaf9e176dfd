import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useNavigate } from 'react-router';
import {
  ARTICLE_STATUSES,
  COLLECTION_INFO,
  CONTENT_LANGUAGES,
  type ArticleInput,
  type ArticleStatus,
  type Collection,
  type ContentLanguage,
  type EditorArticle,
} from '#shared/contracts/content.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Modal } from '#web/components/modal/modal.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { apiErrorCode } from '#web/store/api.ts';
import { useCreateArticleMutation, useDeleteArticleMutation, usePreviewArticleMutation, useUpdateArticleMutation, useUploadAttachmentMutation } from './api.ts';
import { StatusBadge } from './editor-list.tsx';
import { RevisionsPanel } from './revisions-panel.tsx';

const MarkdownEditor = lazy(() => import('./markdown-editor.tsx'));
const HOSTS = ['intl', 'ru', 'zh'] as const;
const AUTOSAVE_MS = 3000;

interface VersionState {
  title: string;
  summary: string;
  body: string;
}

interface FormState {
  slug: string;
  status: ArticleStatus;
  publishAt: string;
  tags: string;
  hosts: string[];
  coverAttachmentId: number | null;
  coverUrl: string | null;
  authorName: string;
  versions: Partial<Record<ContentLanguage, VersionState>>;
}

/** ISO → the `datetime-local` value in the browser's time zone, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function initialState(article: EditorArticle | null, lang: string): FormState {
  if (!article) {
    const first: ContentLanguage = lang === 'ru' ? 'ru' : 'en';
    return { slug: '', status: 'draft', publishAt: '', tags: '', hosts: [...HOSTS], coverAttachmentId: null, coverUrl: null, authorName: '', versions: { [first]: { title: '', summary: '', body: '' } } };
  }
  return {
    slug: article.slug,
    status: article.status,
    publishAt: toLocalInput(article.publishAt),
    tags: article.tags.join(', '),
    hosts: article.hosts,
    coverAttachmentId: article.coverAttachmentId,
    coverUrl: article.cover?.src ?? null,
    authorName: article.authorName,
    versions: Object.fromEntries(Object.entries(article.versions).map(([l, v]) => [l, { title: v.title, summary: v.summary, body: v.body }])),
  };
}

function toInput(collection: Collection, s: FormState): ArticleInput {
  return {
    collection,
    slug: s.slug.trim().toLowerCase(),
    status: s.status,
    publishAt: fromLocalInput(s.publishAt),
    tags: s.tags.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean),
    hosts: s.hosts,
    coverAttachmentId: s.coverAttachmentId,
    authorName: s.authorName.trim(),
    versions: s.versions,
  };
}

/** A hidden file input for images, opened by a button; hands over the chosen file once. */
function ImageFileInput({ inputRef, testId, onFile }: { inputRef: RefObject<HTMLInputElement | null>; testId: string; onFile(file: File): void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
      hidden
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}

/** A failed call in the editor's words. */
export function useEditorError() {
  const { t } = useTranslation('content');
  return (error: unknown): string => {
    const code = apiErrorCode(error);
    if (code === 'VALIDATION_FAILED') {
      const details = (error as { data?: { error?: { details?: { path: string; message: string }[]; message?: string } } }).data?.error;
      const text = details?.details?.map((d) => `${d.path.replace(/^\/article\//, '')}: ${d.message}`).join('; ') ?? details?.message ?? '';
      return t('editor.errors.VALIDATION_FAILED', { details: text });
    }
    return code && ['CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'NOT_FOUND', 'FORBIDDEN'].includes(code) ? t(`editor.errors.${code}`) : t('editor.errors.generic');
  };
}

/**
 * Writing and editing an article: per-language versions in tabs, the Markdown editor with the
 * server's live preview, images (upload, paste, drop), status and schedule, cover, topics and
 * hosts; drafts autosave; delete with confirmation; revisions with restore.
 */
export function ArticleEditor({ collection, article }: { collection: Collection; article: EditorArticle | null }) {
  const { t, i18n } = useTranslation('content');
  const { lang, to } = useCurrentPage();
  const navigate = useNavigate();
  const errorText = useEditorError();
  const [state, setState] = useState<FormState>(() => initialState(article, lang));
  const [tab, setTab] = useState<ContentLanguage>(() => (Object.keys(state.versions)[0] as ContentLanguage | undefined) ?? 'en');
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [mounted, setMounted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [create, creating] = useCreateArticleMutation();
  const [update, updating] = useUpdateArticleMutation();
  const [remove, removing] = useDeleteArticleMutation();
  const [upload, uploading] = useUploadAttachmentMutation();
  const [renderPreview] = usePreviewArticleMutation();
  const [previewHtml, setPreviewHtml] = useState('');
  const coverInput = useRef<HTMLInputElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  useEffect(() => setMounted(true), []);

  const time = () => new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language, { timeStyle: 'medium' }).format(new Date());
  const edit = (change: (s: FormState) => FormState) => {
    setState(change);
    setDirty(true);
    setSuccess(null);
  };
  const version = state.versions[tab];
  const setVersion = (v: Partial<VersionState>) => edit((s) => ({ ...s, versions: { ...s.versions, [tab]: { ...s.versions[tab]!, ...v } } }));

  // The preview is the server's rendering of the current tab's text, shortly after typing stops.
  const body = version?.body ?? '';
  useEffect(() => {
    if (!mounted) return;
    const timer = setTimeout(() => {
      if (!body.trim()) return setPreviewHtml('');
      void renderPreview(body).then((res) => {
        if ('data' in res && res.data) setPreviewHtml(res.data.html);
      });
    }, 500);
    return () => clearTimeout(timer);
  }, [body, mounted, renderPreview]);

  // Drafts of saved articles autosave a few seconds after the last change.
  const input = useMemo(() => toInput(collection, state), [collection, state]);
  useEffect(() => {
    if (!article || !dirty || article.status !== 'draft' || state.status !== 'draft') return;
    const timer = setTimeout(() => {
      void update({ id: article.id, article: input, autosave: true }).then((res) => {
        if ('data' in res) {
          setDirty(false);
          setSuccess(t('editor.autosaved', { time: time() }));
        }
      });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- time() and t are stable enough for a message
  }, [article, dirty, input, update]);

  const uploadImage = async (file: File): Promise<{ url: string; id: number } | null> => {
    setError(null);
    const res = await upload({ file, articleId: article?.id });
    if ('error' in res) {
      setError(errorText(res.error));
      return null;
    }
    return { url: res.data.url, id: res.data.id };
  };
  const imageMarkdown = async (file: File) => {
    const up = await uploadImage(file);
    if (!up) return null;
    const alt = file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '') || 'image';
    return `![${alt}](${up.url})`;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    if (!Object.values(state.versions).some((v) => v?.title.trim())) return setError(t('editor.errors.needVersion'));
    if (state.status === 'scheduled' && !state.publishAt) return setError(t('editor.errors.needTime'));
    if (!article) {
      const res = await create(input);
      if ('error' in res) return setError(errorText(res.error));
      setDirty(false);
      void navigate(to(`${COLLECTION_INFO[collection].editorPath}/${res.data.slug}/edit`), { replace: true, state: { created: true } });
      return;
    }
    const res = await update({ id: article.id, article: input });
    if ('error' in res) return setError(errorText(res.error));
    setDirty(false);
    setSuccess(t('editor.saved', { time: time() }));
    if (res.data.slug !== article.slug) void navigate(to(`${COLLECTION_INFO[collection].editorPath}/${res.data.slug}/edit`), { replace: true });
  };

  const doDelete = async () => {
    if (!article) return;
    const res = await remove(article.id);
    setConfirmDelete(false);
    if ('error' in res) return setError(errorText(res.error));
    void navigate(to(COLLECTION_INFO[collection].editorPath), { replace: true });
  };

  const languagesPresent = CONTENT_LANGUAGES.filter((l) => state.versions[l]);
  const busy = creating.isLoading || updating.isLoading;
  const languageName = (l: ContentLanguage) => t(`editor.language.${l}`);

  return (
    <form className="article-editor" onSubmit={(e) => void submit(e)} noValidate>
      <div className="article-editor__main stack">
        <div className="editor-tabs" role="tablist" aria-label={t('editor.fields.languages')}>
          {languagesPresent.map((l) => (
            <button key={l} type="button" role="tab" aria-selected={tab === l} className="editor-tab" onClick={() => setTab(l)}>
              {languageName(l)}
            </button>
          ))}
          {CONTENT_LANGUAGES.filter((l) => !state.versions[l]).map((l) => (
            <Button
              key={l}
              type="button"
              variant="tertiary"
              onClick={() => {
                edit((s) => ({ ...s, versions: { ...s.versions, [l]: { title: '', summary: '', body: '' } } }));
                setTab(l);
              }}
            >
              + {t('editor.addLanguage', { language: languageName(l) })}
            </Button>
          ))}
        </div>
        {version && (
          <div className="stack" role="tabpanel" aria-label={languageName(tab)}>
            <Field label={t('editor.fields.title')} required>
              <TextInput name={`title-${tab}`} value={version.title} onChange={(e) => setVersion({ title: e.target.value })} maxLength={200} />
            </Field>
            <Field label={t('editor.fields.summary')} hint={t('editor.fields.summaryHint')}>
              <textarea className="input" name={`summary-${tab}`} rows={2} value={version.summary} onChange={(e) => setVersion({ summary: e.target.value })} maxLength={500} />
            </Field>
            <div className="stack stack--sm">
              <div className="editor-body-head">
                <label htmlFor={`body-${tab}`} className="field__label">
                  {t('editor.fields.body')}
                </label>
                <Button type="button" variant="secondary" disabled={uploading.isLoading} onClick={() => imageInput.current?.click()}>
                  {uploading.isLoading ? t('editor.uploading') : t('editor.uploadImage')}
                </Button>
                <ImageFileInput
                  inputRef={imageInput}
                  testId="image-input"
                  onFile={(file) => void imageMarkdown(file).then((md) => md && setVersion({ body: `${body}${body && !body.endsWith('\n') ? '\n\n' : ''}${md}\n` }))}
                />
              </div>
              <p className="muted text-sm" id={`body-hint-${tab}`}>
                {t('editor.dropHint')} {t('editor.previewHint')}
              </p>
              {mounted ? (
                <Suspense fallback={<textarea className="input input--mono" rows={20} value={body} readOnly aria-busy="true" />}>
                  <MarkdownEditor
                    key={tab}
                    id={`body-${tab}`}
                    label={t('editor.fields.body')}
                    describedBy={`body-hint-${tab}`}
                    value={body}
                    onChange={(v) => setVersion({ body: v })}
                    onImage={imageMarkdown}
                    previewHtml={previewHtml}
                    previewEmpty={t('editor.previewEmpty')}
                  />
                </Suspense>
              ) : (
                <textarea id={`body-${tab}`} className="input input--mono" rows={20} value={body} readOnly />
              )}
            </div>
            {languagesPresent.length > 1 && (
              <div>
                <Button
                  type="button"
                  variant="tertiary"
                  onClick={() => {
                    edit((s) => {
                      const versions = { ...s.versions };
                      delete versions[tab];
                      return { ...s, versions };
                    });
                    setTab(languagesPresent.find((l) => l !== tab) ?? 'en');
                  }}
                >
                  {t('editor.removeLanguage', { language: languageName(tab) })}
                </Button>
              </div>
            )}
          </div>
        )}
      </div>

      <aside className="article-editor__side stack">
        <Card title={t('editor.fields.status')} headingLevel={2}>
          <div className="stack">
            {article && <StatusBadge status={article.status} live={article.live} />}
            <Field label={t('editor.fields.status')}>
              <select className="input select" name="status" value={state.status} onChange={(e) => edit((s) => ({ ...s, status: e.target.value as ArticleStatus }))}>
                {ARTICLE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`editor.status.${s}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('editor.fields.publishAt')} hint={t('editor.fields.publishAtHint')} required={state.status === 'scheduled'}>
              <TextInput type="datetime-local" name="publishAt" value={state.publishAt} onChange={(e) => edit((s) => ({ ...s, publishAt: e.target.value }))} />
            </Field>
            <FormMessage error={error} success={success ?? (dirty ? null : null)} />
            {dirty && <p className="muted text-sm">{t('editor.unsaved')}</p>}
            {article?.status === 'draft' && <p className="muted text-sm">{t('editor.draftNotice')}</p>}
            <Button type="submit" variant="primary" size="lg" disabled={busy}>
              {busy ? t('editor.saving') : t('editor.save')}
            </Button>
            {article && (
              <div className="cluster">
                <LocalizedLink className={buttonClassName('secondary')} to={`${COLLECTION_INFO[collection].editorPath}/${article.slug}`}>
                  {t('editor.preview')}
                </LocalizedLink>
                {article.live && (
                  <LocalizedLink className={buttonClassName('tertiary')} to={`${COLLECTION_INFO[collection].path}/${article.slug}`}>
                    {t('editor.openPublic')}
                  </LocalizedLink>
                )}
              </div>
            )}
          </div>
        </Card>
        <Card title={t('editor.fields.slug')} headingLevel={2}>
          <div className="stack">
            <Field label={t('editor.fields.slug')} hint={t('editor.fields.slugHint', { path: COLLECTION_INFO[collection].path })} required>
              <TextInput name="slug" value={state.slug} onChange={(e) => edit((s) => ({ ...s, slug: e.target.value }))} maxLength={120} autoCapitalize="off" spellCheck={false} />
            </Field>
            <Field label={t('editor.fields.tags')} hint={t('editor.fields.tagsHint')}>
              <TextInput name="tags" value={state.tags} onChange={(e) => edit((s) => ({ ...s, tags: e.target.value }))} />
            </Field>
            <Field label={t('editor.fields.author')} optional>
              <TextInput name="authorName" value={state.authorName} onChange={(e) => edit((s) => ({ ...s, authorName: e.target.value }))} maxLength={80} />
            </Field>
            <fieldset className="editor-checks">
              <legend className="field__label">{t('editor.fields.hosts')}</legend>
              {HOSTS.map((h) => (
                <label key={h} className="check">
                  <input
                    type="checkbox"
                    checked={state.hosts.includes(h)}
                    onChange={(e) => edit((s) => ({ ...s, hosts: e.target.checked ? [...s.hosts, h] : s.hosts.filter((x) => x !== h) }))}
                  />
                  <span>{t(`editor.hosts.${h}`)}</span>
                </label>
              ))}
            </fieldset>
          </div>
        </Card>
        <Card title={t('editor.fields.cover')} headingLevel={2}>
          <div className="stack">
            {state.coverUrl && <img className="editor-cover" src={state.coverUrl} alt="" />}
            <div className="cluster">
              <Button type="button" variant="secondary" disabled={uploading.isLoading} onClick={() => coverInput.current?.click()}>
                {t('editor.setCover')}
              </Button>
              {state.coverAttachmentId !== null && (
                <Button type="button" variant="tertiary" onClick={() => edit((s) => ({ ...s, coverAttachmentId: null, coverUrl: null }))}>
                  {t('editor.removeCover')}
                </Button>
              )}
            </div>
            <ImageFileInput
              inputRef={coverInput}
              testId="cover-input"
              onFile={(file) => void uploadImage(file).then((up) => up && edit((s) => ({ ...s, coverAttachmentId: up.id, coverUrl: up.url })))}
            />
          </div>
        </Card>
        {article && (
          <RevisionsPanel
            article={article}
            onRestored={(restored) => {
              setState(initialState(restored, lang));
              setDirty(false);
              setSuccess(t('editor.restored'));
            }}
          />
        )}
        {article && (
          <Button type="button" variant="primary-danger" onClick={() => setConfirmDelete(true)}>
            {t('editor.delete')}
          </Button>
        )}
      </aside>
      {article && (
        <Modal
          open={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          size="sm"
          title={t('editor.deleteTitle')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                {t('editor.cancel')}
              </Button>
              <Button variant="primary-danger" disabled={removing.isLoading} onClick={() => void doDelete()}>
                {t('editor.deleteConfirm')}
              </Button>
            </>
          }
        >
          <p>{t('editor.deleteText', { title: Object.values(article.versions)[0]?.title ?? article.slug })}</p>
        </Modal>
      )}
    </form>
  );
}

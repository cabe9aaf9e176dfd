import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, type UserDocument } from '#shared/contracts/profile.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { useUploadDocumentMutation } from './api.ts';
import { errorKey } from './errors.ts';
import { formatBytes, formatDateTime } from './format.ts';
import { FormMessage, LoadFailed, LoadingBlock } from './states.tsx';

const ACCEPT = [...DOCUMENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg', '.webp'].join(',');
const EXTENSIONS = /\.(pdf|png|jpe?g|webp)$/i;

/** A file the browser can check before sending: type (declared or by name) and size. */
export function checkDocument(file: File): 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'EMPTY' | null {
  if (file.size === 0) return 'EMPTY';
  if (file.size > DOCUMENT_MAX_BYTES) return 'PAYLOAD_TOO_LARGE';
  const typed = (DOCUMENT_TYPES as readonly string[]).includes(file.type);
  if (!typed && !EXTENSIONS.test(file.name)) return 'UNSUPPORTED_MEDIA_TYPE';
  return null;
}

const UPLOAD_ERRORS = {
  UNSUPPORTED_MEDIA_TYPE: 'documents.errors.type',
  PAYLOAD_TOO_LARGE: 'documents.errors.size',
  EMPTY: 'documents.errors.empty',
  VALIDATION_FAILED: 'documents.errors.missing',
};

/** Upload form: one PDF, PNG, JPEG or WebP file up to 5 MB, sent as multipart form data. */
export function DocumentUpload() {
  const { t } = useTranslation('profile');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [upload, { isLoading, error, reset }] = useUploadDocumentMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUploaded(null);
    if (!file) return setLocalError('VALIDATION_FAILED');
    const problem = checkDocument(file);
    if (problem) return setLocalError(problem);
    setLocalError(null);
    const result = await upload(file);
    if (result.data) {
      setUploaded(result.data.filename);
      setFile(null);
      if (input.current) input.current.value = '';
    }
  };

  const fieldError = localError ? t(UPLOAD_ERRORS[localError as keyof typeof UPLOAD_ERRORS]) : undefined;
  const serverError = error ? t(errorKey(error, UPLOAD_ERRORS)) : null;

  return (
    <Card title={t('documents.upload.title')} description={t('documents.upload.description')}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('documents.upload.file')} hint={t('documents.upload.hint')} error={fieldError}>
          <input
            ref={input}
            type="file"
            className="input file-input"
            accept={ACCEPT}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setLocalError(null);
              setUploaded(null);
              reset();
            }}
          />
        </Field>
        <FormMessage error={serverError} success={uploaded ? t('documents.upload.done', { name: uploaded }) : null} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('documents.upload.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The uploaded documents, newest first as the server lists them, each a download link. */
export function DocumentList({
  documents,
  error,
  isLoading,
  onRetry,
  timeZone,
  lang,
}: {
  documents: UserDocument[] | undefined;
  error: unknown;
  isLoading: boolean;
  onRetry(): void;
  timeZone: string;
  lang: string;
}) {
  const { t } = useTranslation('profile');
  let body;
  if (isLoading) {
    body = <LoadingBlock />;
  } else if (!documents) {
    body = <LoadFailed error={error} onRetry={onRetry} />;
  } else if (documents.length === 0) {
    body = (
      <EmptyState compact headingLevel={3} title={t('documents.empty.title')} description={t('documents.empty.text')} />
    );
  } else {
    body = (
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t('documents.list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('documents.list.name')}</th>
              <th scope="col" className="num">
                {t('documents.list.size')}
              </th>
              <th scope="col">{t('documents.list.date')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('documents.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((doc) => (
              <tr key={doc.id}>
                <td className="break">{doc.filename}</td>
                <td className="num">{formatBytes(doc.size, lang)}</td>
                <td className="num nowrap">{formatDateTime(doc.createdAt, timeZone)}</td>
                <td>
                  <a
                    href={`/api/v2/profile/documents/${doc.id}`}
                    download={doc.filename}
                    className="link"
                    aria-label={t('documents.list.downloadFile', { name: doc.filename })}
                  >
                    {t('documents.list.download')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <Card title={t('documents.list.title')} padding="md">
      {body}
    </Card>
  );
}

import { useId, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ATTACHMENT_TYPES, MAX_ATTACHMENTS_PER_MESSAGE, SUPPORT_ATTACHMENT_MAX_BYTES, type AttachmentView } from '#shared/contracts/support.ts';
import { Button } from '#web/components/button/button.tsx';
import { useUploadSupportFileMutation } from './api.ts';
import { humanSize, supportErrorKey } from './format.ts';

/**
 * Files for a message: each is uploaded when chosen (the server checks its bytes and size) and
 * listed with a remove button; the message then names them by id.
 */
export function AttachmentsInput({ value, onChange }: { value: AttachmentView[]; onChange(next: AttachmentView[]): void }) {
  const { t } = useTranslation('support');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadSupportFileMutation();
  const [error, setError] = useState<string | null>(null);

  async function onFiles(files: FileList | null) {
    setError(null);
    let next = value;
    for (const file of Array.from(files ?? [])) {
      if (next.length >= MAX_ATTACHMENTS_PER_MESSAGE) {
        setError(t('attachments.tooMany', { count: MAX_ATTACHMENTS_PER_MESSAGE }));
        break;
      }
      if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) {
        setError(t('errors.PAYLOAD_TOO_LARGE'));
        continue;
      }
      const res = await upload(file);
      if ('error' in res) setError(t(supportErrorKey(res.error)));
      else next = [...next, res.data];
    }
    onChange(next);
    if (input.current) input.current.value = '';
  }

  return (
    <div className="support-attach">
      <label htmlFor={id} className="field__label">
        {t('attachments.label')} <span className="field__optional">{t('attachments.hint')}</span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={ATTACHMENT_TYPES.join(',')}
        className="support-attach__input"
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={isLoading}
        onChange={(e) => void onFiles(e.target.files)}
        data-testid="attachment-input"
      />
      {isLoading && <p className="text-sm text-secondary">{t('attachments.uploading')}</p>}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul className="support-attach__list">
          {value.map((a) => (
            <li key={a.id} className="support-attach__item">
              <span className="break">{a.filename}</span> <span className="text-xs text-secondary">{humanSize(a.size)}</span>
              <Button variant="tertiary" onClick={() => onChange(value.filter((x) => x.id !== a.id))} aria-label={t('attachments.remove', { name: a.filename })}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The files of a message as links (images open, PDFs download). */
export function AttachmentLinks({ files }: { files: AttachmentView[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="support-files">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} target="_blank" rel="noopener" className="support-files__link">
            {f.filename}
          </a>{' '}
          <span className="text-xs text-secondary">{humanSize(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}

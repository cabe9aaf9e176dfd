import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '../button/button.tsx';
import { Modal } from '../modal/modal.tsx';

export interface SystemMessage {
  id: number | string;
  /** HTML keyed by language code; sanitised by the server when saved. */
  message: Record<string, string>;
}

export interface SystemMessagePopupProps {
  message: SystemMessage | null | undefined;
  language: string;
  /** Sends the read mark; rejects on failure. The parent clears `message` on success. */
  onRead(id: SystemMessage['id']): Promise<unknown>;
}

function hasId(message: SystemMessage | null | undefined): message is SystemMessage {
  return message != null && message.id != null && message.id !== '';
}

/** The text in the requested language, then its base language (ru-RU → ru), then English. */
export function pickMessageText(message: Record<string, string>, language: string): string {
  const base = language.split('-')[0] ?? language;
  return message[language] || message[base] || message.en || '';
}

export function SystemMessagePopup({ message, language, onRead }: SystemMessagePopupProps) {
  const { t } = useTranslation('ui');
  const [pending, setPending] = useState(false);
  const open = hasId(message);
  // Keep the last message on screen while the exit animation plays after the parent clears it.
  const [shown, setShown] = useState(open ? message : null);
  if (open && message !== shown) setShown(message);

  const markRead = async () => {
    if (!open || pending) return;
    setPending(true);
    try {
      await onRead(message.id);
    } catch {
      // Spec §8: a failed read mark leaves the popup open with no user-facing message.
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => void markRead()}
      size="md"
      // An accidental click beside an important notice should not dismiss it; × and Esc still do.
      closeOnOverlayClick={false}
      title={shown ? t('ui:systemMessage.title', { id: shown.id }) : ''}
      footer={
        <Button variant="primary" size="lg" loading={pending} onClick={() => void markRead()}>
          {t('ui:systemMessage.ok')}
        </Button>
      }
    >
      {shown && (
        <div
          className="system-message prose"
          // Sanitised server-side on save (spec §3: rendered as HTML).
          dangerouslySetInnerHTML={{ __html: pickMessageText(shown.message, language) }}
        />
      )}
    </Modal>
  );
}

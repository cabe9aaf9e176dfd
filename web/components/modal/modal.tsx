import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { cx } from '../ui/class-names.ts';
import { Icon } from '../ui/icon.tsx';

export const MODAL_SIZES = ['sm', 'md', 'lg'] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];

/** Spec §4: closed → open → closing → closed. */
export type ModalState = 'closed' | 'open' | 'closing';

export interface ModalProps {
  open: boolean;
  /** Called once the close request has run its course; the parent then sets `open` to false. */
  onClose(): void;
  size?: ModalSize;
  /** Milliseconds the modal stays in the "closing" state before `onClose` is called. */
  closeTimeout?: number;
  closeOnEscape?: boolean;
  closeOnOverlayClick?: boolean;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Accessible name of the × button; defaults to the translated `ui:close`. */
  closeLabel?: string;
  className?: string;
}

/**
 * The close state machine, separate from rendering so other overlays can reuse it.
 * If the parent keeps `open` true after `onClose` (e.g. an async read mark failed),
 * the state returns to "open" rather than sticking in "closing".
 */
export function useModalState(open: boolean, onClose: () => void, closeTimeout = 0) {
  const [closing, setClosing] = useState(false);
  const [prevOpen, setPrevOpen] = useState(open);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A new open/close from the parent supersedes any pending delayed close.
  if (prevOpen !== open) {
    setPrevOpen(open);
    setClosing(false);
  }

  useEffect(() => {
    if (!open) {
      clearTimeout(timer.current);
      timer.current = undefined;
    }
  }, [open]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const requestClose = useCallback(() => {
    if (!open || closing) return;
    if (closeTimeout <= 0) {
      onCloseRef.current();
      return;
    }
    setClosing(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setClosing(false);
      onCloseRef.current();
    }, closeTimeout);
  }, [open, closing, closeTimeout]);

  const state: ModalState = !open ? 'closed' : closing ? 'closing' : 'open';
  return { state, requestClose };
}

export function Modal({
  open,
  onClose,
  size = 'md',
  closeTimeout = 0,
  closeOnEscape = true,
  closeOnOverlayClick = true,
  title,
  children,
  footer,
  closeLabel,
  className,
}: ModalProps) {
  const { t } = useTranslation('ui');
  const { state, requestClose } = useModalState(open, onClose, closeTimeout);
  // Radix restores focus to its Trigger; controlled modals have none, so remember the opener.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const delayed = closeTimeout > 0;
  const style = delayed ? ({ '--modal-close-duration': `${closeTimeout}ms` } as CSSProperties) : undefined;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) requestClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          className="modal-overlay"
          data-modal-state={state}
          data-delayed-close={delayed || undefined}
          style={style}
        />
        <Dialog.Content
          className={cx('modal', `modal--${size}`, className)}
          data-modal-state={state}
          data-delayed-close={delayed || undefined}
          style={style}
          // The body is free-form (forms, lists); announcing all of it as a description is noise.
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocusTo.current = active instanceof HTMLElement ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) target.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (!closeOnEscape) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnOverlayClick) event.preventDefault();
          }}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <button
              type="button"
              className="modal__close"
              aria-label={closeLabel ?? t('ui:close')}
              onClick={requestClose}
            >
              <Icon name="close" />
            </button>
          </div>
          <div className="modal__body">{children}</div>
          {footer != null && <div className="modal__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/i18n.tsx';
import { MODAL_SIZES, Modal } from './modal.tsx';
import type { ModalProps } from './modal.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type HarnessProps = Partial<Omit<ModalProps, 'open'>> & {
  /** When false the parent ignores close requests, like a failed async close. */
  honourClose?: boolean;
  initiallyOpen?: boolean;
};

function Harness({ onClose, honourClose = true, initiallyOpen = false, ...props }: HarnessProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <Modal
        title="Settings"
        {...props}
        open={open}
        onClose={() => {
          onClose?.();
          if (honourClose) setOpen(false);
        }}
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

/** Radix starts listening for outside clicks one tick after opening. */
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const dialog = () => screen.queryByRole('dialog');
const overlay = () => document.querySelector<HTMLElement>('.modal-overlay');

async function openModal(props: HarnessProps = {}) {
  const user = userEvent.setup();
  const utils = renderWithI18n(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open settings' }));
  await nextTick();
  return { user, ...utils };
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    renderWithI18n(<Harness />);
    expect(dialog()).toBeNull();
  });

  it('opens as a labelled dialog in the "open" state with focus inside', async () => {
    await openModal();
    const el = screen.getByRole('dialog', { name: 'Settings' });
    expect(el.getAttribute('data-modal-state')).toBe('open');
    expect(el.contains(document.activeElement)).toBe(true);
  });

  it('defaults to the md size and renders the requested size', async () => {
    await openModal();
    expect(screen.getByRole('dialog').classList.contains('modal--md')).toBe(true);
    cleanup();
    for (const size of MODAL_SIZES) {
      renderWithI18n(<Harness size={size} initiallyOpen />);
      expect(screen.getByRole('dialog').classList.contains(`modal--${size}`)).toBe(true);
      cleanup();
    }
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog()).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open settings' })),
    );
  });

  it('ignores Escape when closeOnEscape is false', async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose, closeOnEscape: false });
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('closes on an overlay click', async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose });
    await user.click(overlay()!);
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog()).toBeNull();
  });

  it('ignores overlay clicks when closeOnOverlayClick is false', async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose, closeOnOverlayClick: false });
    await user.click(overlay()!);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('does not close on clicks inside the dialog', async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose });
    await user.click(screen.getByRole('textbox'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('has a translated close button', async () => {
    const onClose = vi.fn();
    const { user } = await openModal({ onClose });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog()).toBeNull();

    cleanup();
    renderWithI18n(<Harness initiallyOpen />, { lng: 'ru' });
    expect(screen.getByRole('button', { name: 'Закрыть' })).not.toBeNull();
  });

  it('accepts a custom close label and renders the footer', () => {
    renderWithI18n(
      <Harness initiallyOpen closeLabel="Cancel editing" footer={<button type="button">Save</button>} />,
    );
    expect(screen.getByRole('button', { name: 'Cancel editing' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).not.toBeNull();
  });

  it('stays "closing" for closeTimeout ms before calling onClose', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderWithI18n(<Harness initiallyOpen closeTimeout={300} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(0));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getByRole('dialog').getAttribute('data-modal-state')).toBe('closing');
    expect(onClose).not.toHaveBeenCalled();

    // Repeated requests while closing do not schedule a second close.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(299));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog()).toBeNull();
  });

  it('returns to "open" when the parent keeps it open after onClose', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderWithI18n(
      <Harness initiallyOpen closeTimeout={200} honourClose={false} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog').getAttribute('data-modal-state')).toBe('closing');
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog').getAttribute('data-modal-state')).toBe('open');
  });
});

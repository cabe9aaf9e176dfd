import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/i18n.tsx';
import { SystemMessagePopup, pickMessageText } from './system-message-popup.tsx';
import type { SystemMessage } from './system-message-popup.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const MESSAGE: SystemMessage = {
  id: 42,
  message: {
    en: '<p>Maintenance on <strong>Sunday</strong>.</p>',
    ru: '<p>Технические работы в <strong>воскресенье</strong>.</p>',
  },
};

/** Mirrors the app: the profile store clears the message once the read mark succeeds. */
function Host({
  onRead,
  language = 'en',
  initial = MESSAGE,
}: {
  onRead: (id: SystemMessage['id']) => Promise<unknown>;
  language?: string;
  initial?: SystemMessage | null;
}) {
  const [message, setMessage] = useState(initial);
  return (
    <SystemMessagePopup
      message={message}
      language={language}
      onRead={async (id) => {
        await onRead(id);
        setMessage(null);
      }}
    />
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const okButton = () => screen.getByRole('button', { name: 'Got it' });

describe('SystemMessagePopup', () => {
  it('is hidden without a message or without an id', () => {
    const onRead = vi.fn();
    const { rerender } = renderWithI18n(
      <SystemMessagePopup message={null} language="en" onRead={onRead} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<SystemMessagePopup message={undefined} language="en" onRead={onRead} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<SystemMessagePopup message={{ id: '', message: { en: 'x' } }} language="en" onRead={onRead} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the message titled with its id, rendered as HTML in the page language', () => {
    renderWithI18n(<Host onRead={vi.fn()} language="ru" />, { lng: 'ru' });
    const dialog = screen.getByRole('dialog', { name: 'Сообщение № 42' });
    expect(dialog.classList.contains('modal--md')).toBe(true);
    expect(dialog.querySelector('strong')?.textContent).toBe('воскресенье');
    expect(screen.getByRole('button', { name: 'Понятно' }).className).toContain('btn--primary btn--lg');
  });

  it('falls back to English when the language has no text', () => {
    renderWithI18n(<Host onRead={vi.fn()} language="zh" />, { lng: 'zh' });
    const dialog = screen.getByRole('dialog', { name: '消息 #42' });
    expect(dialog.textContent).toContain('Maintenance on Sunday.');
  });

  it('marks the message read from the action button and disappears once cleared', async () => {
    const user = userEvent.setup();
    const read = deferred();
    const onRead = vi.fn(() => read.promise);
    renderWithI18n(<Host onRead={onRead} />);

    await user.click(okButton());
    expect(onRead).toHaveBeenCalledWith(42);
    expect(okButton()).toHaveProperty('disabled', true);

    await act(async () => read.resolve());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the message read from the close button', async () => {
    const user = userEvent.setup();
    const onRead = vi.fn(() => Promise.resolve());
    renderWithI18n(<Host onRead={onRead} />);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onRead).toHaveBeenCalledExactlyOnceWith(42);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open, silently, when the read mark fails', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const onRead = vi.fn(() => Promise.reject(new Error('network')));
    renderWithI18n(<Host onRead={onRead} />);

    await user.click(okButton());
    await waitFor(() => expect(okButton()).toHaveProperty('disabled', false));
    expect(screen.getByRole('dialog', { name: 'Message #42' }).textContent).toContain('Sunday');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(okButton()).toHaveProperty('disabled', false));
    expect(onRead).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('sends one read mark at a time', async () => {
    const user = userEvent.setup();
    const read = deferred();
    const onRead = vi.fn(() => read.promise);
    renderWithI18n(<Host onRead={onRead} />);

    await user.click(okButton());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onRead).toHaveBeenCalledOnce();
    await act(async () => read.resolve());
  });

  it('disappears when the parent clears the message', () => {
    const onRead = vi.fn();
    const { rerender } = renderWithI18n(
      <SystemMessagePopup message={MESSAGE} language="en" onRead={onRead} />,
    );
    expect(screen.queryByRole('dialog')).not.toBeNull();
    rerender(<SystemMessagePopup message={null} language="en" onRead={onRead} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onRead).not.toHaveBeenCalled();
  });
});

describe('pickMessageText', () => {
  it('prefers the exact language, then its base language, then English', () => {
    const text = { en: 'en', ru: 'ru', 'pt-BR': 'br' };
    expect(pickMessageText(text, 'pt-BR')).toBe('br');
    expect(pickMessageText(text, 'ru-RU')).toBe('ru');
    expect(pickMessageText(text, 'de')).toBe('en');
    expect(pickMessageText({ en: 'en', ru: '' }, 'ru')).toBe('en');
    expect(pickMessageText({}, 'ru')).toBe('');
  });
});

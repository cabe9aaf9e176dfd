import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '#web/features/auth/navigation.ts';
import { apiError, renderAuthPage } from '#web/features/auth/testing.tsx';
import ChangeEmailPage from './change-email.tsx';
import CheckKeyPage from './check-key.tsx';
import CheckRemindPage from './check-remind.tsx';
import DeleteEmailPage from './delete-email.tsx';
import EditPursePage from './edit-purse.tsx';

const HASH = 'Abcdefghij_klmnopqrst-uvwxyz012';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('check_key (sign-up confirmation)', { timeout: 20_000 }, () => {
  it('confirms once on arrival, even under StrictMode, then loads the home page', async () => {
    const { calls, store } = renderAuthPage(CheckKeyPage, {
      pageId: 'auth-check-key',
      url: `/ru/auth/check_key/${HASH}/42`,
      api: { 'POST /api/v2/auth/check-key': { body: { status: 'ok', homePath: '/enterpage' } } },
      strict: true,
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Подтверждаем адрес…');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/ru/enterpage'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Адрес подтверждён');
    expect(calls).toEqual([{ method: 'POST', path: '/api/v2/auth/check-key', body: { hash: HASH, userId: 42 } }]);
    // The request and its outcome live in the store (spec §4).
    const mutations = Object.values(store.getState().api.mutations);
    expect(mutations.map((m) => [m?.endpointName, m?.status])).toEqual([['checkKey', 'fulfilled']]);
  });

  it('explains a used link and offers a new one', async () => {
    const { calls } = renderAuthPage(CheckKeyPage, {
      pageId: 'auth-check-key',
      url: `/auth/check_key/${HASH}/42`,
      api: {
        'POST /api/v2/auth/check-key': apiError(410, 'LINK_INVALID'),
        'POST /api/v2/auth/resend-confirmation': { body: { ok: true } },
      },
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This link no longer works'));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'POST',
        path: '/api/v2/auth/resend-confirmation',
        body: { email: 'ann@example.com', language: 'en' },
      }),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not call the server for a link that cannot be one of ours', () => {
    const { calls } = renderAuthPage(CheckKeyPage, { pageId: 'auth-check-key', url: '/auth/check_key/short/abc' });
    expect(screen.getByRole('alert').textContent).toContain('This link no longer works');
    expect(calls).toEqual([]);
  });

  it('offers a retry when the server could not be reached', async () => {
    let answer = apiError(500, 'INTERNAL');
    const { calls } = renderAuthPage(CheckKeyPage, {
      pageId: 'auth-check-key',
      url: `/auth/check_key/${HASH}/42`,
      api: { 'POST /api/v2/auth/check-key': () => answer },
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(
      'Something went wrong on our side. Try again in a minute.',
    ));
    answer = { status: 200, body: { status: 'ok', homePath: '/select-role' } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/select-role'));
    expect(calls).toHaveLength(2);
  });
});

describe('check_remind (new password)', { timeout: 20_000 }, () => {
  it('wants the password twice, then signs in', async () => {
    const { calls } = renderAuthPage(CheckRemindPage, {
      pageId: 'auth-check-remind',
      url: `/auth/check_remind/${HASH}/7`,
      api: { 'POST /api/v2/auth/check-remind': { body: { status: 'ok', homePath: '/profile' } } },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new long passw0rd');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getByText('The passwords do not match.')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Repeat the new password'));
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new long password{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v2/auth/check-remind',
        body: { hash: HASH, userId: 7, password: 'a new long password' },
      },
    ]);
  });

  it('goes to the two-factor step when the account has it on', async () => {
    renderAuthPage(CheckRemindPage, {
      pageId: 'auth-check-remind',
      url: `/auth/check_remind/${HASH}/7`,
      api: { 'POST /api/v2/auth/check-remind': { body: { status: 'two_factor_required', homePath: '/profile' } } },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new long password{Enter}');
    expect((await screen.findByTestId('navigated-to')).textContent).toBe('/auth/oauth-2fa');
  });

  it('sends an expired link to the recovery form', async () => {
    renderAuthPage(CheckRemindPage, {
      pageId: 'auth-check-remind',
      url: `/auth/check_remind/${HASH}/7`,
      api: { 'POST /api/v2/auth/check-remind': apiError(410, 'LINK_INVALID') },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new long password{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This link no longer works'));
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe('/auth/remind');
  });
});

describe('edit_purse, change_email, delete_email', { timeout: 20_000 }, () => {
  it('shows the confirmed wallet', async () => {
    renderAuthPage(EditPursePage, {
      pageId: 'auth-edit-purse',
      url: `/auth/edit_purse/${HASH}/7`,
      api: {
        'POST /api/v2/auth/edit-purse': { body: { wallet: { method: 'USDT (TRC-20)', address: 'TXyz1234567890' } } },
      },
    });
    expect((await screen.findByTestId('confirmed-wallet')).textContent).toBe('TXyz1234567890');
    expect(screen.getByText('USDT (TRC-20)')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payout wallet confirmed');
  });

  it('explains a failed wallet confirmation', async () => {
    renderAuthPage(EditPursePage, {
      pageId: 'auth-edit-purse',
      url: `/zh/auth/edit_purse/${HASH}/7`,
      api: { 'POST /api/v2/auth/edit-purse': apiError(410, 'LINK_INVALID') },
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('此链接已失效'));
  });

  it('confirms or cancels an address change as the link says', async () => {
    const { calls } = renderAuthPage(ChangeEmailPage, {
      pageId: 'auth-change-email',
      url: `/auth/change_email/${HASH}/7/cancel`,
      api: { 'POST /api/v2/auth/change-email': { body: { status: 'cancelled' } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change cancelled' })).not.toBeNull();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/v2/auth/change-email', body: { hash: HASH, userId: 7, status: 'cancel' } },
    ]);
    cleanup();
    renderAuthPage(ChangeEmailPage, {
      pageId: 'auth-change-email',
      url: `/ru/auth/change_email/${HASH}/7/confirm`,
      api: { 'POST /api/v2/auth/change-email': { body: { status: 'changed' } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Адрес изменён' })).not.toBeNull();
  });

  it('refuses an unknown change status without a request, and explains a taken address', async () => {
    const { calls } = renderAuthPage(ChangeEmailPage, {
      pageId: 'auth-change-email',
      url: `/auth/change_email/${HASH}/7/maybe`,
    });
    expect(screen.getByRole('alert').textContent).toContain('This link no longer works');
    expect(calls).toEqual([]);
    cleanup();
    renderAuthPage(ChangeEmailPage, {
      pageId: 'auth-change-email',
      url: `/auth/change_email/${HASH}/7/confirm`,
      api: { 'POST /api/v2/auth/change-email': apiError(409, 'CONFLICT') },
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This address is taken'));
  });

  it('unsubscribes only when asked', async () => {
    const { calls } = renderAuthPage(DeleteEmailPage, {
      pageId: 'auth-delete-email',
      url: `/auth/delete_email/${HASH}/7`,
      api: { 'POST /api/v2/auth/delete-email': { body: { ok: true } } },
    });
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' });
    expect(document.activeElement).toBe(heading);
    expect(calls).toEqual([{ method: 'POST', path: '/api/v2/auth/delete-email', body: { hash: HASH, userId: 7 } }]);
  });
});

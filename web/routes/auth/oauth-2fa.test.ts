import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '#web/features/auth/navigation.ts';
import { apiError, renderAuthPage, type ApiStubs } from '#web/features/auth/testing.tsx';
import TwoFactorPage from './oauth-2fa.tsx';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pending: ApiStubs = { 'GET /api/v2/auth/status': { body: { state: 'two_factor_pending' } } };

async function enter(code: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('6-digit code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  return user;
}

describe('two-factor page', { timeout: 20_000 }, () => {
  it('asks for a one-time code with a numeric keyboard', () => {
    renderAuthPage(TwoFactorPage, { pageId: 'auth-oauth-2fa', url: '/auth/oauth-2fa', api: pending });
    const input = screen.getByLabelText('6-digit code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('goes on to return_to once the code is right', async () => {
    const { calls } = renderAuthPage(TwoFactorPage, {
      pageId: 'auth-oauth-2fa',
      url: '/auth/oauth-2fa?return_to=%2Fprofile',
      api: { ...pending, 'POST /api/v2/auth/2fa': { body: { status: 'ok', homePath: '/enterpage' } } },
    });
    await enter('123 456');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: '123456' });
  });

  it('takes a recovery code with a text keyboard', async () => {
    const { calls } = renderAuthPage(TwoFactorPage, {
      pageId: 'auth-oauth-2fa',
      url: '/ru/auth/oauth-2fa',
      api: { ...pending, 'POST /api/v2/auth/2fa': { body: { status: 'ok', homePath: '/enterpage' } } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Использовать резервный код' }));
    const input = screen.getByLabelText('Резервный код');
    expect(input.getAttribute('inputmode')).toBe('text');
    expect(document.activeElement).toBe(input);
    await user.type(input, 'abcde-12345{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/ru/enterpage'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'abcde-12345' });
  });

  it('says when the code is wrong and clears it', async () => {
    renderAuthPage(TwoFactorPage, {
      pageId: 'auth-oauth-2fa',
      url: '/auth/oauth-2fa',
      api: { ...pending, 'POST /api/v2/auth/2fa': apiError(401, 'TWO_FACTOR_INVALID') },
    });
    await enter('000000');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This code is not valid/));
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
  });

  it('goes to the two-factor error page once the pending sign-in is gone', async () => {
    renderAuthPage(TwoFactorPage, {
      pageId: 'auth-oauth-2fa',
      url: '/ru/auth/oauth-2fa',
      api: { ...pending, 'POST /api/v2/auth/2fa': apiError(401, 'UNAUTHENTICATED') },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Код из 6 цифр'), '111111{Enter}');
    expect((await screen.findByTestId('navigated-to')).textContent).toBe('/ru/auth/two_factor_error');
  });
});

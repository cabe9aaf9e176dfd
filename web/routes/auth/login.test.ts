import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '#web/features/auth/navigation.ts';
import { apiError, renderAuthPage, type ApiStubs } from '#web/features/auth/testing.tsx';
import LoginPage from './login.tsx';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderLogin(url: string, api: ApiStubs = {}) {
  return renderAuthPage(LoginPage, { pageId: 'auth-login', url, api });
}

async function signIn(email = 'ann@example.com', password = 'correct horse battery') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

// Typing is slow in jsdom on a busy machine; a test that times out keeps typing into the next one.
describe('sign-in page', { timeout: 20_000 }, () => {
  it('labels its fields for password managers and links to recovery and sign-up', () => {
    renderLogin('/auth/login');
    expect(document.title).toBe('Sign in');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to TestBrand' })).not.toBeNull();
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/auth/remind');
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/auth/register');
  });

  it('checks the fields before sending and focuses the first invalid one', async () => {
    const { calls } = renderLogin('/auth/login');
    await signIn('nobody', '');
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).not.toBeNull();
    expect(screen.getByText('Enter your password.')).not.toBeNull();
    expect(calls).toEqual([]);
  });

  it('loads the home page of the user type in full, in the page language', async () => {
    const { calls } = renderLogin('/ru/auth/login', {
      'POST /api/v2/auth/login': { body: { status: 'ok', homePath: '/enterpage' } },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Электронная почта'), ' Ann@Example.com ');
    await user.type(screen.getByLabelText('Пароль'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/ru/enterpage'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v2/auth/login',
        body: { email: 'Ann@Example.com', password: 'correct horse battery' },
      },
    ]);
  });

  it('returns to a return_to on this site, and ignores one elsewhere', async () => {
    const ok = { 'POST /api/v2/auth/login': { body: { status: 'ok', homePath: '/profile' } } };
    renderLogin('/auth/login?return_to=%2Fprofile%2Fdocs%3Fx%3D1', ok);
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile/docs?x=1'));
    cleanup();
    assign.mockClear();
    renderLogin('/auth/login?return_to=%2F%2Fevil.example%2Fphish', ok);
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile'));
  });

  it('goes on to the two-factor step with return_to', async () => {
    renderLogin('/auth/login?return_to=%2Fenterpage', {
      'POST /api/v2/auth/login': { body: { status: 'two_factor_required' } },
    });
    await signIn();
    expect((await screen.findByTestId('navigated-to')).textContent).toBe('/auth/oauth-2fa?return_to=%2Fenterpage');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says plainly that e-mail or password is wrong, and lets the user retype the password', async () => {
    renderLogin('/auth/login', { 'POST /api/v2/auth/login': apiError(401, 'INVALID_CREDENTIALS') });
    await signIn();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong e-mail or password.'));
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
  });

  it('offers a new confirmation link when the address is not confirmed', async () => {
    const { calls } = renderLogin('/zh/auth/login', {
      'POST /api/v2/auth/login': apiError(403, 'EMAIL_NOT_CONFIRMED'),
      'POST /api/v2/auth/resend-confirmation': { body: { ok: true } },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('电子邮箱'), 'ann@example.com');
    await user.type(screen.getByLabelText('密码'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: '登录' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('登录前请先验证邮箱');
    await user.click(screen.getByRole('button', { name: '重新发送链接' }));
    expect((await screen.findByRole('status')).textContent).toContain('ann@example.com');
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v2/auth/resend-confirmation',
      body: { email: 'ann@example.com', language: 'zh' },
    });
  });

  it('tells a blocked account and how long a rate limit lasts', async () => {
    renderLogin('/auth/login', { 'POST /api/v2/auth/login': apiError(403, 'ACCOUNT_BLOCKED') });
    await signIn();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/This account is blocked/));
    cleanup();
    renderLogin('/auth/login', { 'POST /api/v2/auth/login': apiError(429, 'RATE_LIMITED', { retryAfter: 600 }) });
    await signIn();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 10 minutes.'));
  });

  it('puts server validation errors on their fields', async () => {
    renderLogin('/auth/login', {
      'POST /api/v2/auth/login': apiError(400, 'VALIDATION_FAILED', [
        { path: '/email', message: 'Invalid email address' },
      ]),
    });
    await signIn('ann@example.com');
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole('alert').textContent).toBe('Some fields are not filled in correctly.');
  });
});

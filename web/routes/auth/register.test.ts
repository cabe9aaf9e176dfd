import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, renderAuthPage } from '#web/features/auth/testing.tsx';
import RegisterPage from './register.tsx';
import ConfirmEmailPage from './confirm-email.tsx';

afterEach(cleanup);

describe('sign-up page', { timeout: 20_000 }, () => {
  it('preselects the user type from ?userType= and shows the password rule', () => {
    renderAuthPage(RegisterPage, { pageId: 'auth-register', url: '/auth/register?userType=worker' });
    expect(document.title).toBe('Create an account');
    expect((screen.getByRole('radio', { name: 'Worker' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Customer' }) as HTMLInputElement).checked).toBe(false);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'At least 10 characters.',
    );
  });

  it('ignores an unknown ?userType=', () => {
    renderAuthPage(RegisterPage, { pageId: 'auth-register', url: '/auth/register?userType=admin' });
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
  });

  it('refuses a short password before sending', async () => {
    const { calls } = renderAuthPage(RegisterPage, { pageId: 'auth-register', url: '/auth/register' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Use at least 10 characters.')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(calls).toEqual([]);
  });

  it('sends type, address, password and page language, then says where the link went', async () => {
    const { calls } = renderAuthPage(RegisterPage, {
      pageId: 'auth-register',
      url: '/ru/auth/register',
      api: { 'POST /api/v2/auth/register': { body: { ok: true } } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Заказчик' }));
    await user.type(screen.getByLabelText('Электронная почта'), 'ann@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    expect((await screen.findByTestId('navigated-to')).textContent).toBe(
      '/ru/auth/confirm-email?email=ann%40example.com',
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v2/auth/register',
        body: { email: 'ann@example.com', password: 'correct horse battery', language: 'ru', userType: 'customer' },
      },
    ]);
  });

  it('announces a rate limit', async () => {
    renderAuthPage(RegisterPage, {
      pageId: 'auth-register',
      url: '/auth/register',
      api: { 'POST /api/v2/auth/register': apiError(429, 'RATE_LIMITED') },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Wait a few minutes and try again.'));
  });
});

describe('confirm-email page', { timeout: 20_000 }, () => {
  it('names the address and sends the link again in the page language', async () => {
    const { calls } = renderAuthPage(ConfirmEmailPage, {
      pageId: 'auth-confirm-email',
      url: '/zh/auth/confirm-email?email=ann%40example.com',
      api: { 'POST /api/v2/auth/resend-confirmation': { body: { ok: true } } },
    });
    expect(screen.getByText('我们已向 ann@example.com 发送验证链接。打开链接即可激活账户。')).not.toBeNull();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/zh/auth/login');
    await userEvent.click(screen.getByRole('button', { name: '重新发送链接' }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'POST',
          path: '/api/v2/auth/resend-confirmation',
          body: { email: 'ann@example.com', language: 'zh' },
        },
      ]),
    );
    expect((await screen.findByText(/新的链接已发出/)).closest('[role="status"]')).not.toBeNull();
  });

  it('asks for the address when the query has none', () => {
    renderAuthPage(ConfirmEmailPage, { pageId: 'auth-confirm-email', url: '/auth/confirm-email?email=%3Cscript%3E' });
    expect(screen.getByLabelText('E-mail')).not.toBeNull();
    expect(screen.queryByText(/<script>/)).toBeNull();
  });
});

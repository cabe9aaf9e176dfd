import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangePasswordForm, passwordProblems } from './password-form.tsx';
import { apiError, renderWithApi } from './test-utils.tsx';

afterEach(cleanup);

const user = userEvent.setup({ delay: null });

describe('passwordProblems', () => {
  it('asks for the current password, 10 characters, a change and a matching repeat', () => {
    expect(passwordProblems('', 'short', 'short')).toEqual({ current: 'currentRequired', next: 'tooShort' });
    expect(passwordProblems('oldpassword1', 'oldpassword1', 'oldpassword1')).toEqual({ next: 'same' });
    expect(passwordProblems('oldpassword1', 'newpassword1', 'newpassword2')).toEqual({ repeat: 'mismatch' });
    expect(passwordProblems('oldpassword1', 'newpassword1', 'newpassword1')).toEqual({});
  });
});

async function fill(current: string, next: string, repeat: string) {
  await user.type(screen.getByLabelText(/^Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/^Repeat the new password/), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('shows inline problems and sends nothing while the form is invalid', async () => {
    const { calls } = renderWithApi(<ChangePasswordForm />, () => ({ body: { ok: true } }));
    await fill('old-password', 'short', 'short');
    expect(screen.getByText('Use at least 10 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('translates a wrong current password into an alert', async () => {
    renderWithApi(<ChangePasswordForm />, () => apiError(401, 'INVALID_CREDENTIALS'));
    await fill('wrong-password', 'new-password-1', 'new-password-1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The current password is wrong.'));
  });

  it('sends both passwords and says that other sessions were signed out', async () => {
    const { calls } = renderWithApi(<ChangePasswordForm />, () => ({ body: { ok: true } }));
    await fill('old-password-1', 'new-password-1', 'new-password-1');
    expect((await screen.findByText(/signed out on all other devices/)).closest('[role="status"]')).toBeTruthy();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/v2/profile/password',
        body: { currentPassword: 'old-password-1', newPassword: 'new-password-1' },
      }),
    ]);
    expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });

  it('speaks Russian', async () => {
    renderWithApi(<ChangePasswordForm />, () => apiError(429, 'RATE_LIMITED'), { lng: 'ru' });
    await user.type(screen.getByLabelText(/^Текущий пароль/), 'old-password-1');
    await user.type(screen.getByLabelText(/^Новый пароль/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Повторите новый пароль/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    // The alert region can exist before its text arrives; wait for the words themselves.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Слишком много попыток. Подождите минуту и попробуйте снова.'));
  });
});

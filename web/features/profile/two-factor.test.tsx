import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, renderWithApi, type MockCall } from './test-utils.tsx';
import { TwoFactorPanel } from './two-factor.tsx';

afterEach(cleanup);

const user = userEvent.setup({ delay: null });
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: 'data:image/png;base64,AAAA' };
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

function server(call: MockCall) {
  if (call.path.endsWith('/2fa/setup')) return { body: SETUP };
  if (call.path.endsWith('/2fa/enable')) {
    return (call.body as { code: string }).code === '123456'
      ? { body: { recoveryCodes: CODES } }
      : apiError(401, 'TWO_FACTOR_INVALID');
  }
  return { body: {} };
}

describe('TwoFactorPanel', () => {
  it('walks through setup: QR code, manual key, code check, recovery codes once', async () => {
    renderWithApi(<TwoFactorPanel enabled={false} email="a@example.com" />, server);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(SETUP.qrDataUrl);
    expect((screen.getByLabelText('Key for manual entry') as HTMLInputElement).value).toBe(SETUP.secret);
    expect(document.activeElement?.textContent).toBe('Connect your authenticator app');

    await user.type(screen.getByLabelText(/^Code from the app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(
      /^The code is not valid\. Check that your phone's clock/,
    ));

    await user.clear(screen.getByLabelText(/^Code from the app/));
    await user.type(screen.getByLabelText(/^Code from the app/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Download as a file' })).toBeTruthy();
  });

  it('checks the code format before calling the server', async () => {
    const { calls } = renderWithApi(<TwoFactorPanel enabled={false} email="a@example.com" />, server);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await user.type(await screen.findByLabelText(/^Code from the app/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(screen.getByText('Enter the 6-digit code from the app, or a recovery code.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/v2/profile/2fa/setup']);
  });

  it('turns off with a code, in Chinese', async () => {
    const { calls } = renderWithApi(
      <TwoFactorPanel enabled email="a@example.com" />,
      (c) => (c.path.endsWith('/disable') ? apiError(401, 'TWO_FACTOR_INVALID') : { body: {} }),
      { lng: 'zh' },
    );
    await user.type(screen.getByLabelText(/^验证码/), '654321');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^验证码无效/));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v2/profile/2fa/disable', body: { code: '654321' } });
  });
});

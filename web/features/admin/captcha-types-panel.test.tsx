import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminCaptchaType } from '#shared/contracts/catalog.ts';
import { CaptchaTypesPanel } from './captcha-types-panel.tsx';
import { apiError, renderWithApi, type MockCall, type MockReply } from './test-utils.tsx';

afterEach(cleanup);
const user = userEvent.setup({ delay: null });

const row = (slug: string, patch: Partial<AdminCaptchaType> = {}): AdminCaptchaType => ({
  slug,
  kind: slug === 'normal' ? 'image' : 'token',
  enabled: true,
  pricePer1000: '0.5',
  queued: 3,
  updatedAt: null,
  updatedBy: null,
  ...patch,
});

function server(rows: AdminCaptchaType[], onPut: (call: MockCall) => MockReply) {
  return (call: MockCall): MockReply => {
    if (call.method === 'GET' && call.path === '/api/v2/admin/captcha-types') return { body: rows };
    if (call.method === 'PUT') return onPut(call);
    return { status: 404, body: {} };
  };
}

describe('CaptchaTypesPanel', () => {
  it('lists types with names, prices and switches, and switches one off', async () => {
    const rows = [row('normal'), row('recaptcha_v2', { enabled: false, updatedAt: '2025-03-04T05:06:00Z', updatedBy: 7 })];
    const { calls } = renderWithApi(
      <CaptchaTypesPanel />,
      server(rows, (call) => {
        rows[0] = row('normal', { enabled: false, updatedAt: '2025-03-05T00:00:00Z', updatedBy: 1 });
        return { body: { ...rows[0], slug: call.path.split('/').pop() } };
      }),
    );
    const table = await screen.findByRole('table', { name: 'Captcha types' });
    expect(screen.getByText('2 types, 1 switched off.')).toBeTruthy();
    const normal = within(table).getByRole('row', { name: /Image captcha \(text\)/ });
    expect(normal.textContent).toContain('$0.50');
    expect(within(table).getByRole('row', { name: /reCAPTCHA v2/ }).textContent).toContain('2025-03-04 05:06 UTC · admin #7');

    const toggle = within(normal).getByRole('switch', { name: 'Accept Image captcha (text) tasks' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect(await screen.findByText('Image captcha (text) is switched off: new tasks are refused.')).toBeTruthy();
    expect((within(normal).getByRole('switch') as HTMLInputElement).checked).toBe(false);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/v2/admin/captcha-types/normal', body: { enabled: false } });
  });

  it('puts the switch back and says why when the change fails', async () => {
    renderWithApi(<CaptchaTypesPanel />, server([row('normal')], () => apiError(403, 'FORBIDDEN')));
    const toggle = await screen.findByRole('switch', { name: 'Accept Image captcha (text) tasks' });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Image captcha (text) was not changed. Your account no longer has admin rights.'));
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(false);
  });

  it('offers a retry when the list cannot load', async () => {
    renderWithApi(<CaptchaTypesPanel />, () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the captcha types.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

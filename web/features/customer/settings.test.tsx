import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiSettings } from '#shared/contracts/customer.ts';
import { bidProblem, consensusCost, consensusProblems, normalizeIp } from './settings-logic.ts';
import { AllowedIpsCard, ApiSettingsForm, ConsensusForm, PingbackHostsCard } from './settings.tsx';
import { apiError, renderWithApi, SETTINGS, type MockCall } from './test-utils.tsx';

afterEach(cleanup);
const user = userEvent.setup({ delay: null });

/** A server that stores PUT bodies and answers with the stored settings. */
function settingsServer(initial: ApiSettings) {
  let current = { ...initial };
  return (call: MockCall) => {
    if (call.method === 'PUT' && call.path === '/api/v2/customer/api-settings') current = { ...current, ...(call.body as Partial<ApiSettings>) };
    if (call.method === 'POST' && call.path === '/api/v2/customer/pingback-hosts') current = { ...current, pingbackHosts: [...current.pingbackHosts, 'hooks.example.com'] };
    if (call.method === 'DELETE') current = { ...current, pingbackHosts: current.pingbackHosts.filter((h) => !call.path.endsWith(encodeURIComponent(h))) };
    return { body: current };
  };
}

describe('settings logic', () => {
  it('checks a maximum bid', () => {
    expect(bidProblem('')).toBe('required');
    expect(bidProblem('abc')).toBe('format');
    expect(bidProblem('1.1234567')).toBe('format');
    expect(bidProblem('0.000')).toBe('zero');
    expect(bidProblem(' 1.50 ')).toBeNull();
  });

  it('checks 100% recognition like the server', () => {
    expect(consensusProblems({ minAttempts: 2, maxAttempts: 3, minMatches: 2 })).toEqual({});
    expect(consensusProblems({ minAttempts: 3, maxAttempts: 2, minMatches: 2 })).toEqual({ minAttempts: 'minOverMax' });
    expect(consensusProblems({ minAttempts: 2, maxAttempts: 4, minMatches: 3 })).toEqual({ minMatches: 'matchesOverMin' });
    expect(consensusProblems({ minAttempts: 0, maxAttempts: 11, minMatches: 6 })).toEqual({ minAttempts: 'range', maxAttempts: 'range', minMatches: 'range' });
    expect(consensusProblems({ minAttempts: 1.5, maxAttempts: 3, minMatches: 1 })).toEqual({ minAttempts: 'range' });
  });

  it('prices the worked example from the rate per answer', () => {
    expect(consensusCost('0.50', { minAttempts: 2, maxAttempts: 4, minMatches: 2 })).toEqual({ least: '1.00', most: '2.00' });
    expect(normalizeIp(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeIp('999.1.1.1')).toBeNull();
  });
});

describe('ApiSettingsForm', () => {
  it('refuses a malformed bid inline and sends nothing', async () => {
    const { calls } = renderWithApi(<ApiSettingsForm settings={SETTINGS} lang="en" />, settingsServer(SETTINGS));
    await user.click(screen.getByLabelText('Limit the rate I pay'));
    await user.type(screen.getByLabelText(/^Maximum rate/), '1,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Enter an amount in dollars/)).toBeTruthy();
    expect(screen.getByLabelText(/^Maximum rate/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('saves bid, sandbox and language with the other settings unchanged', async () => {
    const start = { ...SETTINGS, allowedIps: ['10.0.0.1'], consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } };
    const { calls } = renderWithApi(<ApiSettingsForm settings={start} lang="en" />, settingsServer(start));
    await user.click(screen.getByLabelText('Limit the rate I pay'));
    await user.type(screen.getByLabelText(/^Maximum rate/), '0.75');
    await user.click(screen.getByLabelText('Sandbox mode'));
    // Sandbox together with 100% recognition: warned before saving.
    expect(screen.getByTestId('sandbox-consensus-conflict').textContent).toMatch(/ERROR_BAD_PARAMETERS/);
    await user.selectOptions(screen.getByLabelText('Default worker language'), 'ru');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Settings saved/)).toBeTruthy();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/v2/customer/api-settings',
        body: { allowedIps: ['10.0.0.1'], maxBidPer1000: '0.75', sandbox: true, consensus: start.consensus, defaultLanguage: 'ru' },
      }),
    ]);
  });

  it('shows the server refusing in an alert', async () => {
    renderWithApi(<ApiSettingsForm settings={SETTINGS} lang="en" />, () => apiError(400, 'VALIDATION_FAILED'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent).join('')).toMatch(/did not accept/));
  });
});

describe('ConsensusForm', () => {
  it('explains the price with a worked example and saves the three numbers', async () => {
    const { calls } = renderWithApi(<ConsensusForm settings={SETTINGS} lang="en" />, settingsServer(SETTINGS));
    await user.click(screen.getByLabelText('Use 100% recognition'));
    const max = screen.getByLabelText(/^Maximum attempts/);
    await user.clear(max);
    await user.type(max, '4');
    expect(screen.getByTestId('consensus-example').textContent).toMatch(/\$1\.00 per 1000.*\$2\.00 per 1000/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Settings saved/)).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { consensus: { minAttempts: 2, maxAttempts: 4, minMatches: 2 } } });
  });

  it('refuses inconsistent numbers inline', async () => {
    const { calls } = renderWithApi(<ConsensusForm settings={SETTINGS} lang="en" />, settingsServer(SETTINGS));
    await user.click(screen.getByLabelText('Use 100% recognition'));
    const matches = screen.getByLabelText(/^Minimum matches/);
    await user.clear(matches);
    await user.type(matches, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Cannot be more than the minimum attempts.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('turns it off with null and warns about the sandbox in Russian', async () => {
    const on = { ...SETTINGS, sandbox: true, consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } };
    const { calls } = renderWithApi(<ConsensusForm settings={on} lang="ru" />, settingsServer(on), { lng: 'ru' });
    expect(screen.getByTestId('sandbox-consensus-conflict').textContent).toMatch(/песочниц/);
    await user.click(screen.getByLabelText('Включить 100% распознавание'));
    expect(screen.queryByTestId('sandbox-consensus-conflict')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls[0]).toMatchObject({ body: { consensus: null, sandbox: true } }));
  });
});

describe('PingbackHostsCard', () => {
  it('validates, registers and removes hosts through their own routes', async () => {
    const start = { ...SETTINGS, pingbackHosts: ['old.example.com'] };
    const server = settingsServer(start);
    const { calls, rerender } = renderWithApi(<PingbackHostsCard settings={start} />, server);
    await user.type(screen.getByLabelText('Domain, IP address or URL'), 'not a host');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('This is not a valid domain, IP address or URL.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Domain, IP address or URL'));
    await user.type(screen.getByLabelText('Domain, IP address or URL'), 'https://Hooks.Example.com/cb');
    expect(screen.getByText('Will register hooks.example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('hooks.example.com registered.')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v2/customer/pingback-hosts', body: { address: 'https://Hooks.Example.com/cb' } });
    void rerender;
    await user.click(within(screen.getByTestId('pingback-hosts')).getByRole('button', { name: 'Remove old.example.com' }));
    await waitFor(() => expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/v2/customer/pingback-hosts/old.example.com' }));
  });
});

describe('AllowedIpsCard', () => {
  it('adds an address to the list (replacing the whole list) and says the key is restricted', async () => {
    const start = { ...SETTINGS, allowedIps: ['10.0.0.1'] };
    const { calls } = renderWithApi(<AllowedIpsCard settings={start} />, settingsServer(start));
    expect(screen.getByTestId('iplist-mode').textContent).toBe('Your key works only from the 1 address below.');
    await user.type(screen.getByLabelText('IP address'), '10.0.0.1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('This address is already on the list.')).toBeTruthy();
    await user.clear(screen.getByLabelText('IP address'));
    await user.type(screen.getByLabelText('IP address'), '203.0.113.7');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/203\.0\.113\.7 added/)).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { allowedIps: ['10.0.0.1', '203.0.113.7'], sandbox: false, maxBidPer1000: null } });
  });
});

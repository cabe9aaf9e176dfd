import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditPage, FinanceView } from '#shared/contracts/finance.ts';
import enFinance from '../../../shared/i18n/locales/en/finance.json';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import { createAppStore } from '#web/store/store.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { MoneyViewPanel } from './money-view-panel.tsx';

afterEach(cleanup);

function renderWith(ui: React.ReactElement, reply: (url: URL) => { status?: number; body: unknown }) {
  const urls: URL[] = [];
  const fetchFn = async (request: Request) => {
    const url = new URL(request.url);
    urls.push(url);
    const r = reply(url);
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en', ns: ['finance', 'ui'], defaultNS: 'finance', resources: { en: { finance: enFinance, ui: enUi } }, interpolation: { escapeValue: false }, initAsync: false });
  render(
    <Provider store={createAppStore({ baseUrl: 'http://localhost/', fetchFn })}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return urls;
}

const view = (over: Partial<FinanceView> = {}): FinanceView => ({
  from: '2026-11-01',
  to: '2026-11-30',
  rows: [{ day: '2026-11-02', type: 'normal', spend: '3000', refunds: '1000', earnings: '1200', developerShare: '300', referralShare: '0', margin: '500' }],
  totals: { spend: '3000', refunds: '1000', earnings: '1200', developerShare: '300', referralShare: '0', margin: '500' },
  kinds: [{ kind: 'payout_return', credit: '500000', debit: '0', count: 1 }],
  balances: { owedCustomers: '20000000', owedWorkers: '5000000', owedOther: '0', owedTotal: '25000000', received: '30000000', paidOut: '10000000', cover: '-5000000' },
  ...over,
});

describe('MoneyViewPanel', () => {
  it('shows the period per day and type, every ledger kind, and what is owed against what came in', async () => {
    renderWith(<MoneyViewPanel />, () => ({ body: view() }));
    expect(await screen.findByRole('cell', { name: 'normal' })).toBeTruthy();
    expect(screen.getAllByText('$0.003').length).toBeGreaterThan(0);
    expect(screen.getByText('payout_return')).toBeTruthy();
    expect(screen.getByText('−$5.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/v2/admin/finance.csv');
  });

  it('asks for the chosen days, refuses a reversed period, and says when nothing moved', async () => {
    const urls = renderWith(<MoneyViewPanel />, (url) => ({ body: url.searchParams.get('from') ? view({ rows: [], from: '2026-01-01', to: '2026-01-31' }) : view() }));
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('cell', { name: 'normal' });
    expect((screen.getByLabelText('From (UTC day)') as HTMLInputElement).value).toBe('2026-11-01');
    fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To (UTC day)'), { target: { value: '2026-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('The first day must not be after the last.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2026-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No money moved in this period')).toBeTruthy();
    expect(urls.at(-1)!.search).toBe('?from=2026-01-01&to=2026-01-31');
  });

  it('offers a retry when the figures fail to load', async () => {
    renderWith(<MoneyViewPanel />, () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('AuditLogPanel', () => {
  it('lists who did what to whom, why, and the changed fields', async () => {
    const page: AuditPage = {
      page: 0,
      hasMore: false,
      entries: [
        { id: 1, at: '2026-11-25T10:00:00.000Z', actorId: 1, actorEmail: 'admin@example.test', action: 'money.adjustment', targetUserId: 2, targetEmail: 'buyer@example.test', reason: 'ticket 42', before: { balance: 1_000_000 }, after: { balance: 3_500_000, amount: 2_500_000, kind: 'adjustment' } },
      ],
    };
    renderWith(<AuditLogPanel />, () => ({ body: page }));
    expect(await screen.findByText('Balance adjusted')).toBeTruthy();
    expect(screen.getByText('admin@example.test')).toBeTruthy();
    expect(screen.getByText('ticket 42')).toBeTruthy();
    expect(screen.getByText('$3.50')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Older' }).hasAttribute('disabled')).toBe(true));
  });
});

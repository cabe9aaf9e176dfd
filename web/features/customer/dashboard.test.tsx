import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '#shared/contracts/dashboard.ts';
import { DashboardFigures, formatRate, RecentTasksCard, SolveTimesCard } from './dashboard.tsx';
import { renderWithApi } from './test-utils.tsx';

afterEach(cleanup);

const DATA: Dashboard = {
  balance: '1234.5',
  apiKey: 'a'.repeat(32),
  timezone: 'Asia/Tokyo',
  todayFrom: '2030-01-14T15:00:00.000Z',
  today: { count: 6, solved: 3, unsolvable: 1, inProgress: 2, spend: '0.0036', successRate: 0.75 },
  solveTimes: [{ type: 'normal', solved: 2, averageMs: 15_000 }, { type: 'text', solved: 1, averageMs: 4_250 }],
  recentTasks: [
    { id: 1000000007, type: 'normal', state: 'queued', price: '0.0006', createdAt: '2030-01-15T02:00:00.000Z', endedAt: null, sandbox: false, answerPreview: null, failure: null },
    { id: 1000000005, type: 'normal', state: 'unsolvable', price: '0.00', createdAt: '2030-01-15T01:20:00.000Z', endedAt: '2030-01-15T01:25:00.000Z', sandbox: false, answerPreview: null, failure: 'ERROR_BAD_DUPLICATES' },
    { id: 1000000004, type: 'text', state: 'solved', price: '0.001', createdAt: '2030-01-15T01:10:00.000Z', endedAt: '2030-01-15T01:10:05.000Z', sandbox: true, answerPreview: 'blue', failure: null },
  ],
};

describe('dashboard', () => {
  it('shows today in figures, in the page language', () => {
    renderWithApi(<DashboardFigures data={DATA} lang="ru" />, () => ({ body: {} }), { lng: 'ru' });
    expect(screen.getByTestId('dashboard-balance').textContent).toBe('$1\u00a0234.50');
    expect(screen.getByTestId('dashboard-count').textContent).toBe('6');
    expect(screen.getByTestId('dashboard-breakdown').textContent).toBe('решено 3 · нерешаемых 1 · в работе 2');
    expect(screen.getByTestId('dashboard-success-rate').textContent).toBe(formatRate(0.75, 'ru'));
    expect(formatRate(null, 'en')).toBe('—');
    expect(formatRate(2 / 3, 'en')).toBe('66.7%');
  });

  it('lists recent captchas with state, answer or failure, price and time in the account zone', () => {
    renderWithApi(<RecentTasksCard rows={DATA.recentTasks} timezone={DATA.timezone} lang="en" />, () => ({ body: {} }));
    const rows = within(screen.getByTestId('dashboard-recent')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['queued', 'unsolvable', 'solved']);
    expect(rows[0]!.textContent).toContain('Queued');
    expect(rows[0]!.textContent).toContain('2030-01-15 11:00');
    expect(rows[1]!.textContent).toContain('ERROR_BAD_DUPLICATES');
    expect(rows[1]!.textContent).toContain('$0.00');
    expect(rows[2]!.textContent).toContain('blue');
    expect(rows[2]!.textContent).toContain('Sandbox');
  });

  it('has explicit empty states', () => {
    renderWithApi(
      <>
        <RecentTasksCard rows={[]} timezone="UTC" lang="en" />
        <SolveTimesCard rows={[]} lang="en" />
      </>,
      () => ({ body: {} }),
    );
    expect(screen.getByText('No captchas yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Test a captcha' }).getAttribute('href')).toBe('/testcaptcha');
    expect(screen.getByText('Nothing solved today yet')).toBeTruthy();
  });

  it('gives solve times per type in seconds', () => {
    renderWithApi(<SolveTimesCard rows={DATA.solveTimes} lang="en" />, () => ({ body: {} }));
    const rows = within(screen.getByTestId('dashboard-solve-times')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Image text215 s', 'Text question14.3 s']);
  });
});

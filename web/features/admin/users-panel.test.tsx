import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUserRow } from '#shared/contracts/admin.ts';
import { apiError, renderWithApi, type MockCall, type MockReply } from './test-utils.tsx';
import { UsersPanel } from './users-panel.tsx';

afterEach(cleanup);

const user = userEvent.setup({ delay: null });

const row = (id: number, patch: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  email: `user${id}@example.com`,
  userType: 'customer',
  admin: false,
  moderator: false,
  blocked: false,
  emailConfirmed: true,
  balance: '5.00',
  createdAt: '2025-01-01T00:00:00Z',
  ...patch,
});

function server(extra: (call: MockCall) => MockReply | null = () => null) {
  return (call: MockCall): MockReply => {
    const handled = extra(call);
    if (handled) return handled;
    if (call.path === '/api/v2/admin/users') {
      const q = call.search.get('q') ?? '';
      const page = Number(call.search.get('page'));
      const all = Array.from({ length: 120 }, (_, i) =>
        row(120 - i, i === 0 ? { admin: true, emailConfirmed: false } : {}),
      );
      const matching = q ? all.filter((u) => u.email.includes(q) || String(u.id) === q) : all;
      return { body: { records: matching.slice(page * 50, page * 50 + 50), totalCount: matching.length } };
    }
    return { status: 404, body: {} };
  };
}

const listCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.path === '/api/v2/admin/users').map((c) => `${c.search.get('q')}|${c.search.get('page')}`);

describe('UsersPanel', () => {
  it('lists users with badges and dollar balances, 50 per page', async () => {
    renderWithApi(<UsersPanel currentUserId={1} debounceMs={0} />, server());
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    const first = within(table).getByRole('row', { name: /user120@example\.com/ });
    expect(first.textContent).toContain('Admin');
    expect(first.textContent).toContain('Unconfirmed');
    expect(first.textContent).toContain('$5.00');
    expect(screen.getByRole('status').textContent).toBe('Users 1–50 of 120');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Users 51–100 of 120');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('filters only from 3 characters and starts a new filter at page 1', async () => {
    const { calls } = renderWithApi(<UsersPanel currentUserId={1} debounceMs={0} />, server());
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Users 51–100 of 120');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '11');
    expect(screen.getByRole('status').textContent).toBe('Type at least 3 characters to filter. All users are shown.');
    expect(listCalls(calls)).toEqual(['|0', '|1']);

    await user.type(screen.getByRole('searchbox'), '0');
    await screen.findByText('Users 1–1 of 1 matching “110”');
    expect(listCalls(calls)).toEqual(['|0', '|1', '110|0']);
  });

  it('shows an empty state when nothing matches', async () => {
    renderWithApi(<UsersPanel currentUserId={1} debounceMs={0} />, server());
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeTruthy();
  });

  it('explains a refused debit with the user’s balance', async () => {
    const { calls } = renderWithApi(
      <UsersPanel currentUserId={1} debounceMs={0} />,
      server((c) => (c.path === '/api/v2/admin/users/119/balance' ? apiError(409, 'INSUFFICIENT_FUNDS') : null)),
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Manage user119@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage user119@example.com' });

    await user.type(within(dialog).getByLabelText(/^Amount/), '-10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }));
    expect(within(dialog).getByText('Enter a reason of at least 3 characters.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Reason/), 'chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((a) => a.textContent)
          .join(''),
      ).toBe('The balance cannot go below zero: the user has $5.00.'),
    );
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { amount: '-10', reason: 'chargeback' } });
  });

  it('grants a permission and shows the new state', async () => {
    renderWithApi(
      <UsersPanel currentUserId={1} debounceMs={0} />,
      server((c) =>
        c.path === '/api/v2/admin/users/119/permissions' ? { body: row(119, { moderator: true }) } : null,
      ),
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Manage user119@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make moderator' }));
    expect(await within(dialog).findByRole('button', { name: 'Remove moderator' })).toBeTruthy();
    expect(within(dialog).getByText('The user is now a moderator.')).toBeTruthy();
  });

  it('requires the English text of a system message', async () => {
    const { calls } = renderWithApi(
      <UsersPanel currentUserId={1} debounceMs={0} />,
      server((c) => (c.path.endsWith('/system-messages') ? { body: { id: 9, message: {} } } : null)),
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Manage user119@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Text in Russian/), 'Привет');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(within(dialog).getByText('The English text is required.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Text in English/), '<b>Hello</b>');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText('Message #9 sent.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      path: '/api/v2/admin/users/119/system-messages',
      body: { message: { en: '<b>Hello</b>', ru: 'Привет' } },
    });
  });
});

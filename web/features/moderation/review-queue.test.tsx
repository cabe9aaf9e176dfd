import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlockedWorker } from '#shared/contracts/moderation.ts';
import { ReviewQueue } from './review-queue.tsx';
import { renderWithApi, type MockCall, type MockReply } from './test-utils.tsx';

afterEach(cleanup);
const user = userEvent.setup({ delay: null });

const worker = (userId: number, patch: Partial<BlockedWorker> = {}): BlockedWorker => ({
  userId,
  email: `worker${userId}@example.com`,
  mistakes: 5,
  blockedAt: '2025-03-04T05:06:00Z',
  trusted: false,
  flaggedExams: 0,
  evidence: [
    { taskId: 1000000001, type: 'normal', answer: { kind: 'text', text: 'w9h5k' }, correct: { kind: 'text', text: 'W9H5K' }, hasImage: true, instructions: null, at: '2025-03-04T05:00:00Z' },
    { taskId: 1000000002, type: 'text', answer: { kind: 'text', text: '5' }, correct: null, hasImage: false, instructions: 'What is 2+2?', at: '2025-03-04T04:00:00Z' },
    { taskId: 1000000003, type: 'grid', answer: { kind: 'grid', cells: [1, 4] }, correct: null, hasImage: true, instructions: null, at: '2025-03-04T03:00:00Z' },
  ],
  ...patch,
});

function server(rows: BlockedWorker[], onPost: (call: MockCall) => MockReply = () => ({ body: { ok: true } })) {
  return (call: MockCall): MockReply => {
    if (call.method === 'GET' && call.path === '/api/v2/moderation/workers') return { body: rows };
    if (call.method === 'POST') return onPost(call);
    return { status: 404, body: {} };
  };
}

describe('ReviewQueue', () => {
  it('shows each paused worker with the evidence: image, answer, the right answer when known', async () => {
    renderWithApi(<ReviewQueue />, server([worker(7, { trusted: true, flaggedExams: 2 }), worker(8)]));
    const card = await screen.findByRole('article', { name: 'worker7@example.com' });
    expect(screen.getByText('2 workers are waiting for review.')).toBeTruthy();
    expect(within(card).getByText('Trusted re-solver')).toBeTruthy();
    // Flagged training exams (too fast, unseen pictures) are shown for the moderator (issue 21 #4).
    expect(within(card).getByText('2 flagged exams')).toBeTruthy();
    expect(within(await screen.findByRole('article', { name: 'worker8@example.com' })).queryByText(/flagged exam/)).toBeNull();
    expect(within(card).getByText(/5 upheld mistakes/)).toBeTruthy();
    const evidence = within(card).getByRole('region', { name: 'Evidence: 3 mistakes' });
    const items = within(evidence).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const img = within(items[0]!).getByRole('img', { name: 'Image of task 1000000001 (Image captcha (text))' });
    expect(img.getAttribute('src')).toBe('/api/v2/moderation/tasks/1000000001/image');
    expect(items[0]!.textContent).toContain('w9h5k');
    expect(items[0]!.textContent).toContain('W9H5K');
    expect(items[0]!.textContent).toContain('2025-03-04 05:00 UTC');
    expect(items[1]!.textContent).toContain('What is 2+2?');
    expect(items[1]!.textContent).toContain('Not known');
    expect(within(items[1]!).queryByRole('img')).toBeNull();
    expect(items[2]!.textContent).toContain('Tiles 1, 4');
    expect(within(card).getByRole('button', { name: 'Remove trust' })).toBeTruthy();
  });

  it('unblocks only after confirmation, then drops the worker and says so', async () => {
    const rows = [worker(7), worker(8)];
    const { calls } = renderWithApi(<ReviewQueue />, server(rows));
    const card = await screen.findByRole('article', { name: 'worker7@example.com' });
    await user.click(within(card).getByRole('button', { name: 'Unblock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock worker7@example.com?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Unblock' }));
    const again = await screen.findByRole('dialog');
    rows.splice(0, 1);
    await user.click(within(again).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'worker7@example.com' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/v2/moderation/workers/7', body: { action: 'unblock' } });
    expect(screen.getByRole('status').textContent).toBe('worker7@example.com is unblocked.');
    expect(screen.getByRole('article', { name: 'worker8@example.com' })).toBeTruthy();
  });

  it('keeps the dialog open with the reason when a verdict fails', async () => {
    renderWithApi(<ReviewQueue />, server([worker(7)], () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } })));
    const card = await screen.findByRole('article', { name: 'worker7@example.com' });
    await user.click(within(card).getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban worker7@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban the worker' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('no longer waiting for review'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.getByRole('article', { name: 'worker7@example.com', hidden: true })).toBeTruthy();
  });

  it('makes a worker trusted and shows the new state', async () => {
    const rows = [worker(7)];
    renderWithApi(<ReviewQueue />, server(rows, () => {
      rows[0] = { ...rows[0]!, trusted: true };
      return { body: { ok: true } };
    }));
    const card = await screen.findByRole('article', { name: 'worker7@example.com' });
    await user.click(within(card).getByRole('button', { name: 'Make trusted' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make trusted' }));
    expect(await within(card).findByRole('button', { name: 'Remove trust' })).toBeTruthy();
    expect(within(card).getByText('Trusted re-solver')).toBeTruthy();
  });

  it('has an empty state and an error state with a retry', async () => {
    renderWithApi(<ReviewQueue />, server([]));
    expect(await screen.findByRole('heading', { name: 'Nobody is waiting for review' })).toBeTruthy();
    cleanup();
    renderWithApi(<ReviewQueue />, () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the workers waiting for review.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Russian', async () => {
    renderWithApi(<ReviewQueue />, server([worker(7), worker(8)]), { lng: 'ru' });
    expect(await screen.findByText('Проверки ожидают 2 работника.')).toBeTruthy();
    expect(screen.getAllByText(/5 подтверждённых ошибок/)).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Отправить на обучение' })).toHaveLength(2);
  });
});

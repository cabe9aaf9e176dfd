import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlaggedExam } from '#shared/contracts/moderation.ts';
import { FlaggedExams } from './flagged-exams.tsx';
import { renderWithApi, type MockCall, type MockReply } from './test-utils.tsx';

afterEach(cleanup);
const user = userEvent.setup({ delay: null });

const exam = (id: number, patch: Partial<FlaggedExam> = {}): FlaggedExam => ({
  id,
  userId: 100 + id,
  email: `worker${id}@example.com`,
  issuedAt: '2025-03-04T05:05:57Z',
  answeredAt: '2025-03-04T05:06:00Z',
  elapsedMs: 3400,
  correct: 6,
  total: 6,
  tooFast: true,
  unseen: 0,
  trainingPassed: false,
  questions: [
    { ui: 'text', seenAfterMs: 420, clientMs: 900 },
    { ui: 'grid', seenAfterMs: 360, clientMs: null },
    { ui: 'points', seenAfterMs: null, clientMs: null },
  ],
  ...patch,
});

function server(rows: FlaggedExam[], onPost: (call: MockCall) => MockReply = () => ({ body: { ok: true } })) {
  return (call: MockCall): MockReply => {
    if (call.method === 'GET' && call.path === '/api/v2/moderation/exams') return { body: rows };
    if (call.method === 'POST') return onPost(call);
    return { status: 404, body: {} };
  };
}

describe('FlaggedExams', () => {
  it('shows each flagged exam with its reasons and the timing of every question', async () => {
    renderWithApi(<FlaggedExams />, server([exam(1), exam(2, { tooFast: false, unseen: 3, trainingPassed: true })]));
    const first = await screen.findByRole('article', { name: 'worker1@example.com' });
    expect(screen.getByText('2 exams are waiting for a decision.')).toBeTruthy();
    expect(within(first).getByText(/answered 2025-03-04 05:06 UTC in 3\.4 s/)).toBeTruthy();
    expect(within(first).getByText(/6 of 6 correct/)).toBeTruthy();
    expect(within(first).getByText('Too fast')).toBeTruthy();
    const rows = within(first).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1Text0.4 s0.9 s', '2Tiles0.4 sNot sent', '3PointsNever loadedNot sent']);
    const second = screen.getByRole('article', { name: 'worker2@example.com' });
    expect(within(second).queryByText('Too fast')).toBeNull();
    expect(within(second).getByText('3 answers without loading the picture')).toBeTruthy();
    expect(within(second).getByText('Already qualified by a later exam')).toBeTruthy();
  });

  it('approves only after confirmation, then drops the exam and says so', async () => {
    const { calls } = renderWithApi(<FlaggedExams />, server([exam(1), exam(2)]));
    const card = await screen.findByRole('article', { name: 'worker1@example.com' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the exam of worker1@example.com?' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'worker1@example.com' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/v2/moderation/exams/1', body: { action: 'approve' } });
    expect(screen.getByRole('status').textContent).toContain('The exam of worker1@example.com is approved.');
    expect(screen.getByRole('article', { name: 'worker2@example.com' })).toBeTruthy();
  });

  it('keeps the exam and explains a failed decision; says when nothing waits', async () => {
    renderWithApi(<FlaggedExams />, server([exam(1)], () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'gone' } } })));
    const card = await screen.findByRole('article', { name: 'worker1@example.com' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the exam of worker1@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).not.toBe(''));
    expect(within(dialog).getByRole('alert').textContent).toContain('This exam is no longer waiting for a decision');
    // The dialog hides the page from assistive technology; the card is still there behind it.
    expect(screen.getByRole('article', { name: 'worker1@example.com', hidden: true })).toBeTruthy();
    cleanup();
    renderWithApi(<FlaggedExams />, server([]));
    expect(await screen.findByText('No flagged exam is waiting for a decision.')).toBeTruthy();
  });
});

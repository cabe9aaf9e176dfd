import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '#shared/contracts/realtime.ts';
import type { TrainingItem, TrainingState, WorkerSummary } from '#shared/contracts/worker.ts';
import enWorker from '../../../shared/i18n/locales/en/worker.json';
import ruWorker from '../../../shared/i18n/locales/ru/worker.json';
import zhWorker from '../../../shared/i18n/locales/zh/worker.json';
import { useGetTrainingQuery, useGetWorkerSummaryQuery } from './api.ts';
import { LanguageForm } from './language-form.tsx';
import { MistakesTable } from './mistakes-table.tsx';
import { TrainingView } from './training.tsx';
import { isCorrectTraining } from './training-check.ts';
import { layOutImage, makeOffer, PIXEL, renderWithApi, renderWorker, type MockCall } from './test-utils.tsx';
import { WorkDesk } from './work-desk.tsx';

afterEach(cleanup);

const textItem = (id: string, answer?: string): TrainingItem => ({ id, ui: 'text', image: PIXEL, instruction: 'training.instructions.text', width: 200, height: 70, ...(answer ? { answer, hint: 'training.hints.text' } : {}) });
const gridItem = (id: string, answer?: number[]): TrainingItem => ({ id, ui: 'grid', image: PIXEL, instruction: 'training.instructions.grid.circle', rows: 3, columns: 3, width: 240, height: 240, ...(answer ? { answer, hint: 'training.hints.grid' } : {}) });
const pointsItem = (id: string, answer?: { x: number; y: number }[]): TrainingItem => ({ id, ui: 'points', image: PIXEL, instruction: 'training.instructions.points', width: 300, height: 180, ...(answer ? { answer, hint: 'training.hints.points' } : {}) });

const TRAINING: TrainingState = {
  passed: false,
  attempt: 2,
  practice: [textItem('p0', 'AB3CD'), gridItem('p1', [2, 5]), pointsItem('p2', [{ x: 100, y: 50 }])],
  exam: [textItem('e0'), gridItem('e1')],
  passMark: 2,
  examSubmitted: false,
  examsPerDay: 5,
  examsLeft: 4,
  nextExamAt: null,
  cooldownMinutes: 10,
  reviewPending: false,
};

describe('training grading', () => {
  it('matches the server rules', () => {
    expect(isCorrectTraining(textItem('a', 'AB3CD'), ' ab3cd ')).toBe(true);
    expect(isCorrectTraining(gridItem('a', [5, 2]), [2, 5])).toBe(true);
    expect(isCorrectTraining(gridItem('a', [2, 5]), [2])).toBe(false);
    expect(isCorrectTraining(pointsItem('a', [{ x: 100, y: 50 }]), [{ x: 112, y: 62 }])).toBe(true);
    expect(isCorrectTraining(pointsItem('a', [{ x: 100, y: 50 }]), [{ x: 130, y: 50 }])).toBe(false);
  });
});

function TrainingHarness() {
  const { data } = useGetTrainingQuery();
  return data ? <TrainingView training={data} /> : null;
}

describe('TrainingView', () => {
  it('checks practice items and reveals the right answer after a try', async () => {
    renderWithApi(<TrainingHarness />, () => ({ body: TRAINING }), { path: '/cabinet/training' });
    const practice = await screen.findByRole('heading', { name: 'Practice task 1 of 3' });
    expect(practice).not.toBeNull();
    expect(screen.getByText(enWorker.training.hints.text)).not.toBeNull();

    const [field] = screen.getAllByRole('textbox', { name: 'Your answer' });
    await userEvent.type(field!, 'AB8CD');
    await userEvent.click(screen.getAllByRole('button', { name: 'Check' })[0]!);
    expect(screen.getByText(enWorker.training.incorrect)).not.toBeNull();
    expect(screen.getByText('AB3CD')).not.toBeNull();

    await userEvent.clear(field!);
    await userEvent.type(field!, 'ab3cd');
    await userEvent.click(screen.getAllByRole('button', { name: 'Check' })[0]!);
    expect(screen.getByText('Correct!')).not.toBeNull();
  });

  it('submits the exam and shows what was wrong, then starts over', async () => {
    const restarted: TrainingState = { ...TRAINING, attempt: 3 };
    const { calls } = renderWithApi(
      <TrainingHarness />,
      (call: MockCall) => {
        if (call.path === '/api/v2/worker/training/exam') return { body: { passed: false, correct: 1, total: 2, wrong: ['e1'], tooFast: false, flagged: false, awaitingReview: false } };
        if (call.path === '/api/v2/worker/training/restart') return { body: restarted };
        return { body: TRAINING };
      },
      { path: '/cabinet/training' },
    );
    await screen.findByRole('heading', { name: 'Exam task 1 of 2' });
    const fields = screen.getAllByRole('textbox', { name: 'Your answer' });
    await userEvent.type(fields[1]!, 'zz9zz');
    const examTiles = screen.getAllByRole('button', { name: 'Tile 4' });
    await userEvent.click(examTiles[1]!);
    expect(screen.getByText('All tasks answered.')).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Submit the exam' }));
    await screen.findByText('Exam not passed');
    const exam = calls.find((c) => c.path === '/api/v2/worker/training/exam')!;
    // With the page's own per-question times (ms from the exam's display to the item's last change).
    expect(exam.body).toEqual({ attempt: 2, answers: { e0: 'zz9zz', e1: [4] }, timings: { e0: expect.any(Number), e1: expect.any(Number) } });
    const timings = (exam.body as { timings: Record<string, number> }).timings;
    expect(timings.e1!).toBeGreaterThanOrEqual(timings.e0!);
    expect(screen.getByText('Wrong answers: tasks 2.')).not.toBeNull();
    expect(screen.getByText('Wrong')).not.toBeNull();

    await userEvent.click(screen.getAllByRole('button', { name: 'Start over' })[0]!);
    await waitFor(() => expect(screen.queryByText('Exam not passed')).toBeNull());
    expect(calls.some((c) => c.path === '/api/v2/worker/training/restart' && c.method === 'POST')).toBe(true);
  });

  it('unlocks real tasks when the exam passes', async () => {
    renderWithApi(
      <TrainingHarness />,
      (call) => (call.path.endsWith('/exam') ? { body: { passed: true, correct: 2, total: 2, wrong: [], tooFast: false, flagged: false, awaitingReview: false } } : { body: TRAINING }),
      { path: '/cabinet/training' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the exam' }));
    expect(await screen.findByText('Exam passed. Real tasks unlocked!')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Start working' }).getAttribute('href')).toBe('/cabinet');
  });

  it('says an inhumanly fast exam does not count, whatever its score', async () => {
    renderWithApi(
      <TrainingHarness />,
      (call) => (call.path.endsWith('/exam') ? { body: { passed: false, correct: 2, total: 2, wrong: [], tooFast: true, flagged: true, awaitingReview: false } } : { body: TRAINING }),
      { path: '/cabinet/training' },
    );
    expect(await screen.findByText('4 of 5 exam attempts left in 24 hours.')).not.toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the exam' }));
    expect(await screen.findByText('Exam not passed')).not.toBeNull();
    expect(screen.getByText(enWorker.training.tooFast)).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Start over' })).not.toBeNull();
  });

  it('says a flagged exam with a passing score waits for a moderator, and shows the pending review', async () => {
    renderWithApi(
      <TrainingHarness />,
      (call) => (call.path.endsWith('/exam') ? { body: { passed: false, correct: 2, total: 2, wrong: [], tooFast: true, flagged: true, awaitingReview: true } } : { body: TRAINING }),
      { path: '/cabinet/training' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the exam' }));
    expect(await screen.findByText('Exam sent for review')).not.toBeNull();
    expect(screen.getByText(enWorker.training.awaitingReview)).not.toBeNull();
    expect(screen.queryByText('Exam not passed')).toBeNull();
    cleanup();
    renderWithApi(<TrainingHarness />, () => ({ body: { ...TRAINING, reviewPending: true } }), { path: '/cabinet/training' });
    expect(await screen.findByText(enWorker.training.reviewPending)).not.toBeNull();
  });

  it('explains the daily exam limit from the state, and the cooldown from a refused submission', async () => {
    const used: TrainingState = { ...TRAINING, examsLeft: 0, nextExamAt: '2025-03-04T05:06:07Z' };
    renderWithApi(<TrainingHarness />, () => ({ body: used }), { path: '/cabinet/training' });
    expect(await screen.findByText('You have used all 5 exam attempts of the last 24 hours. The next attempt opens at 2025-03-04 05:06 (UTC).')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit the exam' })).toBeNull();
    cleanup();

    renderWithApi(
      <TrainingHarness />,
      (call) =>
        call.path.endsWith('/exam')
          ? { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'limit', details: { nextExamAt: '2025-03-04T07:08:09Z' } } } }
          : { body: { ...TRAINING, examsLeft: 0 } },
      { path: '/cabinet/training' },
    );
    expect(await screen.findByText(/You have used all 5 exam attempts/)).not.toBeNull();
    cleanup();
    renderWithApi(
      <TrainingHarness />,
      (call) =>
        call.path.endsWith('/exam')
          ? { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'cooldown', details: { nextExamAt: '2025-03-04T07:08:09Z' } } } }
          : { body: TRAINING },
      { path: '/cabinet/training' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the exam' }));
    expect(await screen.findByText('After a failed exam the next one opens 10 minutes later: at 2025-03-04 07:08 (UTC). Meanwhile, practise with the tasks above.')).not.toBeNull();
  });

  it('counts down the cooldown after a failed exam, then opens the exam', async () => {
    const next = new Date(Date.now() + 5 * 60_000 + 30_000).toISOString();
    renderWithApi(<TrainingHarness />, () => ({ body: { ...TRAINING, nextExamAt: next } }), { path: '/cabinet/training' });
    expect(await screen.findByText(/^After a failed exam the next one opens 10 minutes later/)).not.toBeNull();
    expect((await screen.findByText(/^Opens in \d+:\d\d\.$/)).textContent).toMatch(/^Opens in 5:(2\d|30)\.$/);
    expect(screen.queryByRole('button', { name: 'Submit the exam' })).toBeNull();
    cleanup();

    renderWithApi(<TrainingHarness />, () => ({ body: { ...TRAINING, nextExamAt: new Date(Date.now() + 1200).toISOString() } }), { path: '/cabinet/training' });
    expect(await screen.findByText(/^Opens in 0:0[12]\.$/)).not.toBeNull();
    expect(await screen.findByRole('button', { name: 'Submit the exam' }, { timeout: 4000 })).not.toBeNull();
    expect(screen.queryByText(/^After a failed exam/)).toBeNull();
  });

  it('offers a new set once the exam was submitted', async () => {
    renderWithApi(<TrainingHarness />, () => ({ body: { ...TRAINING, examSubmitted: true } }), { path: '/cabinet/training' });
    expect(await screen.findByText(enWorker.training.examSubmitted)).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit the exam' })).toBeNull();
  });

  it('marks practice points in the picture\'s own pixels', async () => {
    renderWithApi(<TrainingHarness />, () => ({ body: TRAINING }), { path: '/cabinet/training' });
    await screen.findByRole('heading', { name: 'Practice task 3 of 3' });
    const img = screen.getByRole('img', { name: 'Practice task 3 of 3' }) as HTMLImageElement;
    // Shown at twice its 300×180 size; the picture's own size comes from the item.
    layOutImage(img, { width: 0, height: 0 }, { left: 0, top: 0, width: 600, height: 360 });
    fireEvent.click(img, { clientX: 204, clientY: 96 });
    await userEvent.click(screen.getAllByRole('button', { name: 'Check' })[2]!);
    expect(screen.getByText('Correct!')).not.toBeNull();
  });
});

describe('MistakesTable', () => {
  it('lists reported answers', () => {
    renderWorker(
      <MistakesTable
        rows={[
          { taskId: 17, type: 'grid', at: '2025-03-04T05:06:07Z', answer: { kind: 'grid', cells: [1, 4] }, correct: null },
          { taskId: 18, type: 'normal', at: '2025-03-04T06:00:00Z', answer: { kind: 'text', text: 'abc' }, correct: { kind: 'text', text: 'abd' } },
        ]}
      />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toBe('17Grid2025-03-04 05:06tiles 1, 4unknown');
    expect(rows[2]!.textContent).toBe('18Image text2025-03-04 06:00abcabd');
  });

  it('has an empty state', () => {
    renderWithApi(<MistakesTable rows={[]} />, () => ({ body: {} }), { lng: 'zh' });
    expect(screen.getByRole('heading', { name: '没有错误' })).not.toBeNull();
  });
});

describe('LanguageForm', () => {
  it('saves the chosen languages', async () => {
    const summary = { languages: ['en', 'ru'] } as WorkerSummary;
    const { calls } = renderWithApi(<LanguageForm initial={['en']} />, () => ({ body: summary }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Русский/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(enWorker.languages.saved);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/v2/worker/languages', body: { languages: ['en', 'ru'] } });
  });

  it('needs at least one language', async () => {
    const { calls } = renderWithApi(<LanguageForm initial={['en']} />, () => ({ body: {} }));
    await userEvent.click(screen.getByRole('checkbox', { name: /English/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(enWorker.languages.none);
    expect(calls).toHaveLength(0);
  });
});

/** A WebSocket double for the desk: the test plays the server. */
class DeskSocket {
  static readonly OPEN = 1;
  static last: DeskSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    DeskSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function DeskHarness() {
  const { data } = useGetWorkerSummaryQuery();
  return <WorkDesk summary={data} lang="en" />;
}

describe('WorkDesk', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', DeskSocket));
  afterEach(() => vi.unstubAllGlobals());

  const SUMMARY: WorkerSummary = { languages: ['en'], trainingPassed: true, blocked: false, qualified: true, balance: '1.50', earnedToday: '0.10', solvedToday: 3, sandbox: false };

  it('works through a task and credits it', async () => {
    renderWithApi(<DeskHarness />, () => ({ body: SUMMARY }));
    await screen.findByText('$1.50');
    const socket = DeskSocket.last!;
    act(() => socket.open());
    await userEvent.click(screen.getByRole('button', { name: 'Start work' }));
    expect(socket.sent).toEqual([{ type: 'start', sandbox: false }]);

    act(() => socket.receive({ type: 'waiting' }));
    expect(screen.getByRole('heading', { name: 'Waiting for tasks…' })).not.toBeNull();

    act(() => socket.receive({ type: 'offer', task: makeOffer({ id: 77, reward: '0.0004' }) }));
    expect(screen.getByText('$0.0004 for this task')).not.toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'qwe{Enter}');
    expect(socket.sent.at(-1)).toEqual({ type: 'answer', taskId: 77, answer: { kind: 'text', text: 'qwe' } });

    act(() => socket.receive({ type: 'accepted', taskId: 77, reward: '0.0004', balance: '1.5004' }));
    expect(screen.getByText('+$0.0004 credited').getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.getByTestId('worker-balance').textContent).toBe('$1.5004'));
    expect(screen.getByText('$0.1004')).not.toBeNull();
    expect(screen.getByText('4')).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Stop work' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'stop' });
  });

  it('sends workers without training to the training, and offers the sandbox', async () => {
    renderWithApi(<DeskHarness />, () => ({ body: { ...SUMMARY, trainingPassed: false, qualified: false, sandbox: true } }), { lng: 'ru' });
    const link = await screen.findByRole('link', { name: 'Перейти к обучению' });
    expect(link.getAttribute('href')).toBe('/cabinet/training');
    expect(screen.queryByRole('button', { name: 'Начать работу' })).toBeNull();
    act(() => DeskSocket.last!.open());
    await userEvent.click(screen.getByRole('button', { name: 'Открыть песочницу' }));
    expect(DeskSocket.last!.sent).toEqual([{ type: 'start', sandbox: true }]);
  });
});

/** Leaf keys without plural suffixes, so languages with different plural forms compare equal. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('worker catalogues', () => {
  it('have the same keys in en, ru and zh', () => {
    const expected = [...new Set(keys(enWorker))].sort();
    expect([...new Set(keys(ruWorker))].sort()).toEqual(expected);
    expect([...new Set(keys(zhWorker))].sort()).toEqual(expected);
  });

  it('have every plural form each language needs', () => {
    const plurals = (catalogue: object) => keys(catalogue).length && JSON.stringify(catalogue);
    for (const [catalogue, forms] of [
      [enWorker, ['one', 'other']],
      [ruWorker, ['one', 'few', 'many', 'other']],
      [zhWorker, ['other']],
    ] as const) {
      const text = plurals(catalogue) as string;
      const stems = new Set([...text.matchAll(/"(\w+)_(?:one|few|many|other)"/g)].map((m) => m[1]));
      for (const stem of stems) for (const form of forms) expect(text, `${stem}_${form}`).toContain(`"${stem}_${form}"`);
    }
  });

  it('define the training texts the server refers to', () => {
    for (const key of ['text', 'grid.circle', 'grid.square', 'grid.triangle', 'points']) {
      expect(keys(enWorker)).toContain(`training.instructions.${key}`);
    }
    for (const key of ['text', 'grid', 'points']) expect(keys(enWorker)).toContain(`training.hints.${key}`);
  });

  it('never hard-code the brand name', () => {
    for (const catalogue of [enWorker, ruWorker, zhWorker]) expect(JSON.stringify(catalogue)).not.toMatch(/CaptchaHub/i);
  });
});

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphData, ImpossibleRow, LogPage, NotCaptchaRow, UploadRow } from '#shared/contracts/customer-logs.ts';
import { bucketsBetween, chartedTypes, chartRows, rangeProblem } from './graphs-view.tsx';
import { ImpossibleLog, NotCaptchaLog } from './logs-views.tsx';
import { checkTestForm, INITIAL_IMAGE, INITIAL_TOKEN, TestCaptchaForm, toTestInput } from './testcaptcha-form.tsx';
import { TestCaptchaResult } from './testcaptcha-result.tsx';
import { apiError, renderWithApi } from './test-utils.tsx';
import { reportBlock, UploadsTable } from './uploads-table.tsx';

const user = userEvent.setup({ delay: null });

/** A stand-in for the browser's WebSocket: tests open, message and drop it by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const page = <T,>(records: T[], nextCursor: number | null = null, timezone = 'Asia/Tokyo'): LogPage<T> => ({ records, nextCursor, timezone });

const impossible = (id: number, extra: Partial<ImpossibleRow> = {}): ImpossibleRow => ({
  id,
  type: 'normal',
  kind: 'image',
  createdAt: '2025-03-01T23:30:00.000Z',
  endedAt: '2025-03-01T23:31:30.000Z',
  attempts: 3,
  maxAttempts: 3,
  reason: 'attempts',
  failure: 'ERROR_CAPTCHA_UNSOLVABLE',
  refunded: '0.0005',
  hasImage: true,
  ...extra,
});

const upload = (id: number, extra: Partial<UploadRow> = {}): UploadRow => ({
  id,
  type: 'normal',
  kind: 'image',
  state: 'solved',
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  endedAt: new Date(Date.now() - 50_000).toISOString(),
  solveMs: 10_000,
  price: '0.0005',
  answer: 'abc',
  pageUrl: null,
  hasImage: true,
  consensus: false,
  report: null,
  reportOutcome: null,
  refund: null,
  notReportable: null,
  reportDeadline: new Date(Date.now() + 14 * 60_000).toISOString(),
  ...extra,
});

describe('log tables', () => {
  it('show rows in the account time zone and load older pages by cursor', async () => {
    const { calls } = renderWithApi(<ImpossibleLog />, (call) =>
      call.search.get('cursor') === '7' ? { body: page([impossible(5, { reason: 'lifetime', attempts: 1 })]) } : { body: page([impossible(9), impossible(7)], 7) },
    );
    const row = await screen.findByTestId('impossible-9');
    // 23:30 UTC is 08:30 the next day in Tokyo.
    expect(within(row).getByText('2025-03-02 08:30')).toBeTruthy();
    expect(within(row).getByText('3 of 3 workers could not solve it')).toBeTruthy();
    expect(within(row).getByText('$0.0005')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Captcha image of task 9' }).getAttribute('src')).toBe('/api/v2/customer/tasks/9/image');
    expect(screen.getByText('Times are shown in Asia/Tokyo.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByTestId('impossible-5')).toBeTruthy();
    expect(screen.getByText('Time ran out before anyone solved it')).toBeTruthy();
    expect(calls.map((c) => c.search.get('cursor'))).toEqual([null, '7']);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('say so when empty, and offer a retry when the load fails', async () => {
    let fail = true;
    renderWithApi(<ImpossibleLog />, () => (fail ? apiError(500, 'INTERNAL') : { body: page([]) }));
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'No impossible captchas' })).toBeTruthy();
  });

  it('removes a flagged image from the "not a captcha" list', async () => {
    const rows: NotCaptchaRow[] = [
      { id: 11, type: 'normal', createdAt: '2025-03-01T10:00:00Z', flaggedAt: '2025-03-01T10:01:00Z', flags: 2, state: 'unsolvable', hasImage: true },
      { id: 10, type: 'normal', createdAt: '2025-03-01T09:00:00Z', flaggedAt: '2025-03-01T09:01:00Z', flags: 1, state: 'solved', hasImage: true },
    ];
    const { calls } = renderWithApi(<NotCaptchaLog />, (call) => (call.method === 'DELETE' ? { body: { ok: true } } : { body: page(rows, null, 'UTC') }));
    await screen.findByTestId('not-captcha-11');
    await user.click(screen.getByRole('button', { name: 'Remove task 11 from this list' }));
    await waitFor(() => expect(screen.queryByTestId('not-captcha-11')).toBeNull());
    expect(screen.getByTestId('not-captcha-10')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Task 11 was removed from the list.');
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/v2/customer/not-captcha/11');
  });
});

describe('uploads', () => {
  it('reports an answer and shows the outcome; explains why other rows cannot be reported', async () => {
    let reported = false;
    const { calls } = renderWithApi(<UploadsTable />, (call) => {
      if (call.method === 'POST') {
        reported = true;
        return { body: upload(3, { report: 'bad', reportOutcome: 'pending', notReportable: 'reported' }) };
      }
      return {
        body: page([
          reported ? upload(3, { report: 'bad', reportOutcome: 'pending', notReportable: 'reported' }) : upload(3),
          upload(2, { consensus: true, notReportable: 'consensus' }),
          upload(1, { notReportable: 'window' }),
        ]),
      };
    });
    const row = await screen.findByTestId('upload-3');
    expect(within(screen.getByTestId('upload-2')).getByText('Not available in 100% recognition mode.')).toBeTruthy();
    const disabled = within(screen.getByTestId('upload-1')).getByRole('button', { name: 'Report incorrect' }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(disabled.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(row).getByText('in 10 s')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Report incorrect' }));
    expect(await within(screen.getByTestId('upload-3')).findByText('Under review')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Task 3 was reported');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v2/customer/uploads/3/report')).toBe(true);
  });

  it('shows the refusal the server gives', async () => {
    renderWithApi(<UploadsTable />, (call) =>
      call.method === 'POST'
        ? { status: 409, body: { error: { code: 'CONFLICT', message: 'x', details: { reason: 'refused' } } } }
        : { body: page([upload(3)]) },
    );
    await user.click(await screen.findByRole('button', { name: 'Report incorrect' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many of your recent reports were rejected.');
  });

  it('shows an upheld report with its refund', async () => {
    renderWithApi(<UploadsTable />, () => ({ body: page([upload(4, { report: 'bad', reportOutcome: 'upheld', refund: '0.0005', notReportable: 'reported' })]) }));
    const cell = await screen.findByTestId('report-outcome-4');
    expect(cell.textContent).toContain('Upheld');
    expect(cell.textContent).toContain('Refunded $0.0005');
  });

  it('closes the window on the clock', () => {
    const row = upload(1, { reportDeadline: '2025-03-01T10:15:00Z' });
    expect(reportBlock(row, null)).toBeNull();
    expect(reportBlock(row, Date.parse('2025-03-01T10:14:00Z'))).toBeNull();
    expect(reportBlock(row, Date.parse('2025-03-01T10:16:00Z'))).toBe('window');
    expect(reportBlock({ ...row, notReportable: 'consensus' }, null)).toBe('consensus');
  });
});

describe('/testcaptcha form', () => {
  const png = () => new File([new Uint8Array(200)], 'c.png', { type: 'image/png' });

  it('checks the form before sending', () => {
    expect(checkTestForm('image', null, INITIAL_IMAGE, INITIAL_TOKEN)).toEqual({ image: 'test.errors.imageRequired' });
    expect(checkTestForm('image', new File(['x'], 'a.txt', { type: 'text/plain' }), INITIAL_IMAGE, INITIAL_TOKEN).image).toBe('test.errors.ERROR_IMAGE_TYPE_NOT_SUPPORTED');
    expect(checkTestForm('image', png(), { ...INITIAL_IMAGE, minLength: '6', maxLength: '2' }, INITIAL_TOKEN)).toEqual({ maxLength: 'test.errors.minOverMax' });
    expect(checkTestForm('image', png(), { ...INITIAL_IMAGE, minLength: '21' }, INITIAL_TOKEN)).toEqual({ minLength: 'test.errors.length' });
    expect(checkTestForm('token', null, INITIAL_IMAGE, INITIAL_TOKEN)).toEqual({ websiteURL: 'test.errors.ERROR_PAGEURL', websiteKey: 'test.errors.ERROR_SITEKEY' });
    expect(checkTestForm('token', null, INITIAL_IMAGE, { ...INITIAL_TOKEN, websiteURL: 'https://a.example/x', websiteKey: 'k' })).toEqual({});
  });

  it('builds the request body of each kind', () => {
    expect(toTestInput('image', 'AAAA', { ...INITIAL_IMAGE, numeric: 1, minLength: '3', language: 'ru', comment: ' red ' }, INITIAL_TOKEN)).toEqual({
      kind: 'image', image: 'AAAA', phrase: false, caseSensitive: false, numeric: 1, math: false, minLength: 3, maxLength: 0, comment: 'red', language: 'ru',
    });
    expect(toTestInput('token', '', INITIAL_IMAGE, { ...INITIAL_TOKEN, type: 'recaptcha_v3', websiteURL: ' https://a.example ', websiteKey: 'k', pageAction: 'login', minScore: '0.7' })).toEqual({
      kind: 'token', type: 'recaptcha_v3', websiteURL: 'https://a.example', websiteKey: 'k', minScore: 0.7, pageAction: 'login',
    });
  });

  it('submits an image and hands the new task id on', async () => {
    const onSubmitted = vi.fn();
    const { calls } = renderWithApi(<TestCaptchaForm onSubmitted={onSubmitted} />, () => ({ body: { id: 1000000005, price: '0.0005' } }), { path: '/testcaptcha' });
    await user.click(screen.getByRole('button', { name: 'Send captcha' }));
    expect(await screen.findByText('Choose an image.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Captcha image/), { target: { files: [png()] } });
    await user.click(screen.getByLabelText('Case matters'));
    await user.click(screen.getByRole('button', { name: 'Send captcha' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(1000000005, '0.0005'));
    expect(calls[0]!.body).toMatchObject({ kind: 'image', caseSensitive: true, image: expect.any(String) });
  });

  it('shows the protocol refusal next to its field, and a low balance above the button', async () => {
    let reply = { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ path: '/websiteKey', message: 'x', code: 'ERROR_WRONG_GOOGLEKEY' }] } } };
    renderWithApi(<TestCaptchaForm onSubmitted={() => {}} />, () => reply, { path: '/testcaptcha' });
    await user.click(screen.getByLabelText(/^Token/));
    await user.type(screen.getByLabelText(/Page address/), 'https://example.com');
    await user.type(screen.getByLabelText(/Site key/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send captcha' }));
    expect(await screen.findByText('This does not look like a reCAPTCHA site key.')).toBeTruthy();
    reply = apiError(409, 'INSUFFICIENT_FUNDS') as typeof reply;
    await user.click(screen.getByRole('button', { name: 'Send captcha' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your balance is too low');
  });
});

describe('/testcaptcha result', () => {
  it('shows the answer when the socket says the task ended, without polling', async () => {
    let solved = false;
    const { calls } = renderWithApi(<TestCaptchaResult id={42} onAnother={() => {}} />, () => ({
      body: upload(42, solved ? { answer: 'x7k2p' } : { state: 'queued', answer: null, solveMs: null, endedAt: null }),
    }));
    expect(await screen.findByText('Waiting for a worker…')).toBeTruthy();
    act(() => FakeSocket.all[0]!.open());
    expect(await screen.findByText('Live')).toBeTruthy();
    solved = true;
    act(() => FakeSocket.all[0]!.emit({ type: 'task', id: 41, state: 'solved' }));
    act(() => FakeSocket.all[0]!.emit({ type: 'task', id: 42, state: 'solved' }));
    expect(await screen.findByText('x7k2p')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v2/customer/tasks/42')).toHaveLength(2);
  });

  it('polls only while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let solved = false;
    renderWithApi(<TestCaptchaResult id={43} onAnother={() => {}} />, () => ({
      body: upload(43, solved ? { answer: 'done' } : { state: 'assigned', answer: null, solveMs: null, endedAt: null }),
    }));
    expect(await screen.findByText('A worker is solving it…')).toBeTruthy();
    act(() => FakeSocket.all[0]!.drop());
    expect(await screen.findByText('The live connection dropped; checking every few seconds instead.')).toBeTruthy();
    solved = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_500);
    });
    expect(await screen.findByText('done')).toBeTruthy();
  });
});

describe('graph data', () => {
  const data: GraphData = {
    from: '2025-03-01',
    to: '2025-03-02',
    step: 'day',
    timezone: 'Asia/Tokyo',
    points: [
      { bucket: '2025-03-02T00:00', type: 'normal', submitted: 2, solved: 2, unsolvable: 0, spend: '0.001', avgSolveMs: 16_000 },
      { bucket: '2025-03-02T00:00', type: 'grid', submitted: 1, solved: 0, unsolvable: 1, spend: '0.00', avgSolveMs: null },
    ],
    totals: [
      { type: 'normal', submitted: 2, solved: 2, unsolvable: 0, spend: '0.001', avgSolveMs: 16_000 },
      { type: 'grid', submitted: 1, solved: 0, unsolvable: 1, spend: '0.00', avgSolveMs: null },
    ],
  };

  it('lists every bucket of the range', () => {
    expect(bucketsBetween('2025-03-01', '2025-03-02', 'day')).toEqual(['2025-03-01T00:00', '2025-03-02T00:00']);
    expect(bucketsBetween('2025-03-01', '2025-03-01', 'hour')).toHaveLength(24);
  });

  it('fills empty buckets and leaves averages without data as gaps', () => {
    expect(chartRows(data, 'submitted')).toEqual([
      { t: '2025-03-01T00:00:00.000Z', normal: 0, grid: 0 },
      { t: '2025-03-02T00:00:00.000Z', normal: 2, grid: 1 },
    ]);
    expect(chartRows(data, 'avgSolveS')[1]).toEqual({ t: '2025-03-02T00:00:00.000Z', normal: 16, grid: null });
    expect(chartRows(data, 'spend')[1]).toMatchObject({ normal: 0.001 });
  });

  it('charts the three busiest types and sums the rest', () => {
    const totals = ['a', 'b', 'c', 'd', 'e'].map((type, i) => ({ type, submitted: 10 - i, solved: 0, unsolvable: 0, spend: '0.00', avgSolveMs: null }));
    expect(chartedTypes(totals)).toEqual({ types: ['a', 'b', 'c'], other: true });
    expect(chartedTypes(totals.slice(0, 4))).toEqual({ types: ['a', 'b', 'c', 'd'], other: false });
  });

  it('refuses ranges the server would refuse', () => {
    expect(rangeProblem({ from: '2025-03-05', to: '2025-03-01', step: 'day' })).toBe('graphs.errors.order');
    expect(rangeProblem({ from: '2025-03-01', to: '2025-03-08', step: 'hour' })).toBe('graphs.errors.tooLongHour');
    expect(rangeProblem({ from: '2025-03-01', to: '2025-03-07', step: 'hour' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2025-03-07', step: 'day' })).toBe('graphs.errors.date');
  });
});


import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import { GridSolver } from './solvers/grid-solver.tsx';
import { PointsSolver } from './solvers/points-solver.tsx';
import { RotateSolver } from './solvers/rotate-solver.tsx';
import { AudioSolver, TextSolver } from './solvers/text-solver.tsx';
import { STRUCTURED_EXTRA, TokenSolver } from './solvers/token-solver.tsx';
import { TaskStage } from './task-stage.tsx';
import { layOutImage, makeOffer, renderWorker } from './test-utils.tsx';

afterEach(cleanup);

describe('TextSolver', () => {
  it('submits the trimmed text on Enter', async () => {
    const onSubmit = vi.fn();
    renderWorker(<TextSolver offer={makeOffer()} disabled={false} onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    expect(document.activeElement).toBe(input);
    await userEvent.type(input, '  x7Kp2 {Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'text', text: 'x7Kp2' });
  });

  it('refuses an empty answer and answers outside the length limits', async () => {
    const onSubmit = vi.fn();
    renderWorker(<TextSolver offer={makeOffer({ params: { minLength: 4, maxLength: 6, numeric: 1 } })} disabled={false} onSubmit={onSubmit} />);
    expect(screen.getByText('Digits only · 4–6 characters')).not.toBeNull();
    const input = screen.getByRole('textbox');
    await userEvent.type(input, '{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Type the answer first.');
    await userEvent.type(input, '123{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The answer needs at least 4 characters.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the question of a text captcha instead of a picture', () => {
    renderWorker(<TextSolver offer={makeOffer({ type: 'text', media: null, params: { comment: 'What is 2 + 3?' } })} disabled={false} onSubmit={vi.fn()} />, { lng: 'ru' });
    expect(screen.getByText('What is 2 + 3?')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Ваш ответ на вопрос' })).not.toBeNull();
  });

  it('locks while submitting', () => {
    renderWorker(<TextSolver offer={makeOffer()} disabled onSubmit={vi.fn()} />);
    expect(screen.getByRole('textbox')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Submit/ })).toHaveProperty('disabled', true);
  });
});

describe('AudioSolver', () => {
  it('plays the recording and submits a text answer', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWorker(<AudioSolver offer={makeOffer({ type: 'audio', ui: 'audio', media: 'data:audio/mpeg;base64,AAAA' })} disabled={false} onSubmit={onSubmit} />);
    expect(container.querySelector('audio[controls]')?.getAttribute('src')).toBe('data:audio/mpeg;base64,AAAA');
    await userEvent.type(screen.getByRole('textbox', { name: 'What you hear' }), 'hello world{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'text', text: 'hello world' });
  });
});

describe('GridSolver', () => {
  const grid = (params: Record<string, unknown> = {}) => makeOffer({ type: 'grid', ui: 'grid', params: { rows: 3, columns: 3, ...params } });

  it('toggles tiles and submits their 1-based numbers in order', async () => {
    const onSubmit = vi.fn();
    renderWorker(<GridSolver offer={grid()} disabled={false} onSubmit={onSubmit} />);
    const tiles = screen.getAllByRole('button', { name: /^Tile \d$/ });
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['Tile 1', 'Tile 2', 'Tile 3', 'Tile 4', 'Tile 5', 'Tile 6', 'Tile 7', 'Tile 8', 'Tile 9']);

    await userEvent.click(screen.getByRole('button', { name: 'Tile 9' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tile 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tile 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tile 5' }));
    expect(screen.getByRole('button', { name: 'Tile 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Tile 5' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Selected: 1, 9')).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'grid', cells: [1, 9] });
  });

  it('toggles tiles with the number keys', async () => {
    const onSubmit = vi.fn();
    renderWorker(<GridSolver offer={grid({ rows: 4, columns: 4 })} disabled={false} onSubmit={onSubmit} />);
    await userEvent.keyboard('3');
    await userEvent.keyboard('7');
    await userEvent.keyboard('3');
    await userEvent.keyboard('2');
    expect(screen.getByRole('button', { name: 'Tile 7' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Tile 3' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByRole('button', { name: /^Tile \d+$/ })).toHaveLength(16);
    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'grid', cells: [2, 7] });
  });

  it('needs a tile, or "No matching images" when the task allows it', async () => {
    const onSubmit = vi.fn();
    const { unmount } = renderWorker(<GridSolver offer={grid()} disabled={false} onSubmit={onSubmit} />);
    expect(screen.queryByRole('button', { name: 'No matching images' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(screen.getByRole('alert').textContent).toBe('Select at least one tile.');
    unmount();

    renderWorker(<GridSolver offer={grid({ canNoAnswer: true })} disabled={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'No matching images' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'noMatch' });
  });

  it('enforces maxClicks', async () => {
    renderWorker(<GridSolver offer={grid({ maxClicks: 1 })} disabled={false} onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tile 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tile 2' }));
    expect(screen.getByRole('button', { name: 'Tile 2' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('alert').textContent).toBe('At most 1 tile can be selected.');
  });
});

describe('PointsSolver', () => {
  it('scales clicks to the natural pixels of the image', async () => {
    const onSubmit = vi.fn();
    renderWorker(<PointsSolver offer={makeOffer({ type: 'coordinates', ui: 'points', params: { minClicks: 1 } })} disabled={false} onSubmit={onSubmit} />);
    const img = screen.getByRole('img', { name: 'Captcha picture' }) as HTMLImageElement;
    // An 800×400 picture shown at 400×200 px, 50 px from the left and 100 px from the top.
    layOutImage(img, { width: 800, height: 400 }, { left: 50, top: 100, width: 400, height: 200 });
    fireEvent.load(img);

    fireEvent.click(img, { clientX: 150, clientY: 150 });
    fireEvent.click(img, { clientX: 449, clientY: 299 });
    expect(screen.getByText('2 points marked')).not.toBeNull();

    // The first marker sits at 25% / 25% of the picture.
    const marker = screen.getByRole('button', { name: 'Remove point 1 (200, 100)' });
    expect(marker.style.left).toBe('25%');
    expect(marker.style.top).toBe('25%');

    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      kind: 'points',
      points: [
        { x: 200, y: 100 },
        { x: 798, y: 398 },
      ],
    });
  });

  it('removes a point by clicking its marker, and undoes the last one', async () => {
    renderWorker(<PointsSolver offer={makeOffer({ type: 'coordinates', ui: 'points' })} disabled={false} onSubmit={vi.fn()} />);
    const img = screen.getByRole('img', { name: 'Captcha picture' }) as HTMLImageElement;
    layOutImage(img, { width: 100, height: 100 }, { left: 0, top: 0, width: 100, height: 100 });
    fireEvent.click(img, { clientX: 10, clientY: 10 });
    fireEvent.click(img, { clientX: 20, clientY: 20 });
    fireEvent.click(img, { clientX: 30, clientY: 30 });
    await userEvent.click(screen.getByRole('button', { name: 'Remove point 1 (10, 10)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getAllByRole('button', { name: /^Remove point/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Remove point 1 (20, 20)']);
  });

  it('marks points with the keyboard', async () => {
    const onSubmit = vi.fn();
    renderWorker(<PointsSolver offer={makeOffer({ type: 'coordinates', ui: 'points' })} disabled={false} onSubmit={onSubmit} />);
    const img = screen.getByRole('img', { name: 'Captcha picture' }) as HTMLImageElement;
    layOutImage(img, { width: 200, height: 100 }, { left: 0, top: 0, width: 200, height: 100 });
    const area = screen.getByRole('group', { name: /click to mark a point/ });
    area.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp} ');
    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    // From the centre (100, 50): two steps of 2% right (+4 px each), one step of 2% up (−2 px).
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'points', points: [{ x: 108, y: 48 }] });
  });
});

describe('RotateSolver', () => {
  it('turns by the task step with buttons and arrow keys', async () => {
    const onSubmit = vi.fn();
    renderWorker(<RotateSolver offer={makeOffer({ type: 'rotate', ui: 'rotate', params: { angle: 30 } })} disabled={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn right by 30°' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'Picture to turn upright' }).style.transform).toBe('rotate(60deg)');
    await userEvent.click(screen.getByRole('button', { name: 'Turn left by 30°' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn left by 30°' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn left by 30°' }));
    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'rotate', angle: 330 });
  });
});

describe('TokenSolver', () => {
  it('shows the site key and page, and submits a pasted token', async () => {
    const onSubmit = vi.fn();
    const offer = makeOffer({ type: 'mtcaptcha', ui: 'token', kind: 'token', media: null, params: { websiteURL: 'https://example.com/login', websiteKey: 'MTPublic-abc', userAgent: 'UA/1' } });
    renderWorker(<TokenSolver offer={offer} disabled={false} onSubmit={onSubmit} />);
    expect(screen.getByRole('link', { name: 'https://example.com/login' }).getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('MTPublic-abc')).not.toBeNull();
    expect(screen.getByText('UA/1')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toContain('cannot be shown here');
    const field = screen.getByRole('textbox', { name: 'Token' });
    await userEvent.click(field);
    await userEvent.paste('03AGdBq2-token');
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'token', token: '03AGdBq2-token' });
  });

  it('shows a page address that is not http(s) as text, never as a link', () => {
    const offer = makeOffer({ type: 'turnstile', ui: 'token', kind: 'token', media: null, params: { websiteURL: 'javascript:alert(document.cookie)', websiteKey: '0x4AAAAAAAC3DHQFLr1GavRN' } });
    renderWorker(<TokenSolver offer={offer} disabled={false} onSubmit={vi.fn()} />);
    expect(screen.getByText('javascript:alert(document.cookie)').closest('a')).toBeNull();
    expect(screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('javascript'))).toEqual([]);
  });

  it('asks for every field of a structured token (GeeTest)', async () => {
    const onSubmit = vi.fn();
    const offer = makeOffer({ type: 'geetest', ui: 'token', kind: 'token', media: null, params: { websiteURL: 'https://example.com', gt: 'g', challenge: 'c' } });
    renderWorker(<TokenSolver offer={offer} disabled={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(screen.getByRole('alert').textContent).toBe('Fill in: challenge, validate, seccode');
    await userEvent.type(screen.getByRole('textbox', { name: 'challenge' }), 'c1');
    await userEvent.type(screen.getByRole('textbox', { name: 'validate' }), 'v1');
    await userEvent.type(screen.getByRole('textbox', { name: 'seccode' }), 's1');
    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'token', token: '', extra: { challenge: 'c1', validate: 'v1', seccode: 's1' } });
  });

  it('knows the extra fields every structured type requires', () => {
    for (const [slug, fields] of Object.entries(STRUCTURED_EXTRA)) {
      const schema = getCaptchaType(slug)!.answerSchema;
      const extra = Object.fromEntries(fields.map((f) => [f, 'x']));
      expect(schema.safeParse({ kind: 'token', token: '', extra }).success, slug).toBe(true);
      for (const field of fields) {
        const { [field]: _dropped, ...fewer } = extra;
        expect(schema.safeParse({ kind: 'token', token: '', extra: fewer }).success, `${slug} without ${field}`).toBe(false);
      }
    }
  });
});

describe('TaskStage', () => {
  const stage = (over: Partial<Parameters<typeof TaskStage>[0]> = {}) => {
    const props = {
      offer: makeOffer({ params: { comment: 'Type only the red letters' } }),
      deadline: Date.now() + 30_000,
      offeredAt: Date.now(),
      submitting: false,
      lang: 'en',
      onAnswer: vi.fn(),
      onSkip: vi.fn(),
      ...over,
    };
    return { props, ...renderWorker(<TaskStage {...props} />) };
  };

  it('shows the instructions, the rate and the time left', () => {
    stage();
    expect(screen.getByText('Type only the red letters')).not.toBeNull();
    expect(screen.getByText('$0.0003 for this task')).not.toBeNull();
    const timer = screen.getByRole('progressbar', { name: 'Time left' });
    expect(timer.getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByText('0:30')).not.toBeNull();
  });

  it('Temu pieces: the type has its own instructions and the pieces are shown beside the picture', () => {
    const offer = makeOffer({ type: 'temuimage', ui: 'points', params: { minClicks: 2, maxClicks: 2 }, mediaList: ['data:image/png;base64,AAAA', 'data:image/png;base64,BBBB', 'data:image/png;base64,CCCC'] });
    stage({ offer });
    expect(screen.getByText('Click where each piece shown below belongs, one click per piece, in their order.')).not.toBeNull();
    expect(screen.getByText('Temu pieces')).not.toBeNull();
    const pieces = screen.getByRole('list', { name: 'Other pictures of this task' });
    expect(within(pieces).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Piece 1', 'Piece 2']);
    expect(screen.getByText('Pieces, in the order to place them')).not.toBeNull();
    expect(screen.getByText('Mark exactly 2 points. Click a marker to remove it.')).not.toBeNull();
  });

  it('skips on Esc, even while typing', async () => {
    const { props } = stage();
    await userEvent.type(screen.getByRole('textbox'), 'ab');
    await userEvent.keyboard('{Escape}');
    expect(props.onSkip).toHaveBeenCalledExactlyOnceWith('skipped');
  });

  it('reports "not a captcha"', async () => {
    const { props } = stage();
    await userEvent.click(screen.getByRole('button', { name: 'This is not a captcha' }));
    expect(props.onSkip).toHaveBeenCalledWith('not_captcha');
  });

  it('submits a grid with Enter when the focus is on the task', async () => {
    const { props } = stage({ offer: makeOffer({ type: 'grid', ui: 'grid', params: { rows: 3, columns: 3 } }) });
    expect(document.activeElement?.classList.contains('worker-stage')).toBe(true);
    await userEvent.keyboard('4');
    await userEvent.keyboard('{Enter}');
    expect(props.onAnswer).toHaveBeenCalledWith({ kind: 'grid', cells: [4] });
  });

  it('does not skip twice while a skip is on its way', async () => {
    const { props } = stage({ submitting: true });
    await userEvent.keyboard('{Escape}');
    expect(props.onSkip).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Skip/ })).toHaveProperty('disabled', true);
  });
});

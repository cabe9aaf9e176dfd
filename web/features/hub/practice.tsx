import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { PracticeItem, PracticeScore } from '#shared/contracts/hub.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetPracticeRoundQuery, useScorePracticeMutation } from './api.ts';
import { HubError } from './live-figures.tsx';

type Answer = string | number[] | { x: number; y: number }[];

const emptyAnswer = (item: PracticeItem): Answer => (item.ui === 'text' ? '' : []);
const instructionKey = (item: PracticeItem) => item.instruction.replace(/^training\./, 'play.');

/** One item: the picture and the control its kind needs (text field, tile toggles, clicks on the picture). */
function ItemInput({ item, value, onChange, onSubmit }: { item: PracticeItem; value: Answer; onChange: (v: Answer) => void; onSubmit: () => void }) {
  const { t } = useTranslation('hub');
  const inputId = useId();
  if (item.ui === 'text') {
    return (
      <div className="stack stack--sm">
        <img src={item.image} width={item.width} height={item.height} alt={t('play.pictureAlt')} className="hub-practice__image" />
        <label htmlFor={inputId} className="field__label">
          {t('play.answerLabel')}
        </label>
        <input
          id={inputId}
          className="input input--lg input--mono"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e: KeyboardEvent) => e.key === 'Enter' && onSubmit()}
          autoFocus
        />
      </div>
    );
  }
  if (item.ui === 'grid') {
    const cells = value as number[];
    const n = (item.rows ?? 3) * (item.columns ?? 3);
    return (
      <div className="hub-practice__grid" style={{ aspectRatio: `${item.width} / ${item.height}`, backgroundImage: `url(${item.image})` }} role="group" aria-label={t('play.tilesLabel')}>
        {Array.from({ length: n }, (_, i) => i + 1).map((cell) => {
          const on = cells.includes(cell);
          return (
            <button
              key={cell}
              type="button"
              className={on ? 'hub-practice__tile hub-practice__tile--on' : 'hub-practice__tile'}
              aria-pressed={on}
              aria-label={t('play.tile', { number: cell })}
              onClick={() => onChange(on ? cells.filter((c) => c !== cell) : [...cells, cell])}
            />
          );
        })}
      </div>
    );
  }
  const points = value as { x: number; y: number }[];
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = Math.round(((e.clientX - box.left) / box.width) * item.width);
    const y = Math.round(((e.clientY - box.top) / box.height) * item.height);
    onChange([...points, { x, y }]);
  };
  return (
    <div className="stack stack--sm">
      <button type="button" className="hub-practice__canvas" onClick={click} aria-label={t('play.canvasLabel', { count: points.length })} style={{ aspectRatio: `${item.width} / ${item.height}` }}>
        <img src={item.image} alt="" width={item.width} height={item.height} draggable={false} />
        {points.map((p, i) => (
          <span key={i} className="hub-practice__dot" style={{ left: `${(p.x / item.width) * 100}%`, top: `${(p.y / item.height) * 100}%` }} aria-hidden="true">
            {i + 1}
          </span>
        ))}
      </button>
      <div className="cluster">
        <Button variant="secondary" onClick={() => onChange(points.slice(0, -1))} disabled={points.length === 0}>
          {t('play.undo')}
        </Button>
        <span className="text-sm muted">{t('play.points', { count: points.length })}</span>
      </div>
    </div>
  );
}

function describeExpected(t: (k: string, o?: Record<string, unknown>) => string, expected: unknown): string {
  if (typeof expected === 'string') return expected;
  if (Array.isArray(expected) && typeof expected[0] === 'number') return t('play.expectedTiles', { tiles: (expected as number[]).join(', ') });
  return t('play.expectedPoints', { count: Array.isArray(expected) ? expected.length : 0 });
}

/** The visitors' practice round: five training-style items, one at a time, then the score and an invitation. */
export function PracticeRound() {
  const { t } = useTranslation('hub');
  const [round, setRound] = useState(0);
  const { data, isError, isFetching, refetch } = useGetPracticeRoundQuery(round, { refetchOnMountOrArgChange: true });
  const [score, scoring] = useScorePracticeMutation();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [result, setResult] = useState<PracticeScore | null>(null);

  if (isError) return <HubError onRetry={() => void refetch()} />;
  if (!data || isFetching) return <LoadingBlock lines={4} />;
  const items = data.items;
  const item = items[index]!;
  const restart = () => {
    setResult(null);
    setAnswers({});
    setIndex(0);
    setRound((r) => r + 1);
  };
  const finish = async () => {
    const res = await score({ answers: items.map((i) => ({ token: i.token, answer: answers[i.token] ?? emptyAnswer(i) })) });
    if ('data' in res && res.data) setResult(res.data);
  };
  const next = () => (index < items.length - 1 ? setIndex(index + 1) : void finish());

  if (result) {
    return (
      <section className="stack" aria-labelledby="practice-score" aria-live="polite">
        <h2 id="practice-score">{t('play.score', { correct: result.correct, total: result.total })}</h2>
        <p>{result.correct >= 4 ? t('play.great') : result.correct >= 2 ? t('play.good') : t('play.tryAgain')}</p>
        <ol className="hub-practice__results">
          {items.map((i, n) => {
            const r = result.results.find((x) => x.token === i.token);
            return (
              <li key={i.token} className="cluster">
                <img src={i.image} alt={t('play.pictureNumber', { number: n + 1 })} width={Math.round(i.width / 2)} height={Math.round(i.height / 2)} />
                <span className={r?.correct ? 'hub-ok' : 'hub-bad'}>{r?.correct ? t('play.right') : t('play.wrong')}</span>
                {!r?.correct && <span className="text-sm">{t('play.expected', { answer: describeExpected(t, r?.expected) })}</span>}
              </li>
            );
          })}
        </ol>
        <Banner tone="info">
          <div className="stack stack--sm">
            <p>{t('play.invite')}</p>
            <div className="cluster">
              <LocalizedLink to="/auth/register?userType=worker" className={buttonClassName('primary', 'lg')}>
                {t('play.register')}
              </LocalizedLink>
              <Button variant="secondary" size="lg" onClick={restart}>
                {t('play.again')}
              </Button>
            </div>
          </div>
        </Banner>
      </section>
    );
  }

  return (
    <section className="stack hub-practice" aria-labelledby="practice-item">
      <div className="cluster cluster--between">
        <h2 id="practice-item">{t('play.item', { number: index + 1, total: items.length })}</h2>
        <progress max={items.length} value={index} aria-label={t('play.progress')} />
      </div>
      <p className="lead">{t(instructionKey(item))}</p>
      <ItemInput key={item.token} item={item} value={answers[item.token] ?? emptyAnswer(item)} onChange={(v) => setAnswers({ ...answers, [item.token]: v })} onSubmit={next} />
      <div className="cluster">
        {index > 0 && (
          <Button variant="secondary" onClick={() => setIndex(index - 1)}>
            {t('play.back')}
          </Button>
        )}
        <Button onClick={next} loading={scoring.isLoading}>
          {index < items.length - 1 ? t('play.next') : t('play.finish')}
        </Button>
      </div>
      {scoring.isError && <Banner tone="danger">{t('states.error')}</Banner>}
    </section>
  );
}

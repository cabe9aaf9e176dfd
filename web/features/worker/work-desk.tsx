import { useCallback, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ServerMessage } from '#shared/contracts/realtime.ts';
import type { WorkerSummary } from '#shared/contracts/worker.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useAppDispatch } from '#web/store/hooks.ts';
import { workerApi } from './api.ts';
import { errorKey } from './errors.ts';
import { addMoney, formatUsd } from './format.ts';
import type { WorkerSocketState } from './socket-machine.ts';
import { TaskStage } from './task-stage.tsx';
import { useWorkerSocket } from './use-worker-socket.ts';

/** The figures at the top: balance, earned today, solved today. Fixed size while loading. */
export function WorkStats({ summary, lang }: { summary: WorkerSummary | undefined; lang: string }) {
  const { t } = useTranslation('worker');
  const value = (v: string | undefined) => v ?? <Skeleton width="5rem" height="1.75rem" />;
  return (
    <section className="worker-stats" aria-label={t('summary.label')}>
      <Stat label={t('summary.balance')} value={<span data-testid="worker-balance">{value(summary && formatUsd(summary.balance, lang))}</span>} />
      <Stat label={t('summary.earnedToday')} value={value(summary && formatUsd(summary.earnedToday, lang))} />
      <Stat label={t('summary.solvedToday')} value={value(summary && new Intl.NumberFormat(lang).format(summary.solvedToday))} />
    </section>
  );
}

/** Why real tasks are locked, with the way out: training, the account type, or a moderator. */
export function QualificationBanner({ summary }: { summary: WorkerSummary | undefined }) {
  const { t } = useTranslation('worker');
  if (!summary || summary.qualified) return null;
  const sandbox = summary.sandbox ? <p>{t('gate.sandbox')}</p> : null;
  if (summary.blocked) {
    return (
      <Banner tone="danger">
        <p>{t('gate.blocked')}</p>
        {sandbox}
      </Banner>
    );
  }
  if (!summary.trainingPassed) {
    return (
      <Banner tone="warning">
        <p>
          {t('gate.training')}{' '}
          <LocalizedLink to="/cabinet/training" className="link">
            {t('gate.trainingLink')}
          </LocalizedLink>
        </p>
        {sandbox}
      </Banner>
    );
  }
  return (
    <Banner tone="info">
      <p>
        {t('gate.notWorker')}{' '}
        <LocalizedLink to="/cabinet/edittype" className="link">
          {t('gate.notWorkerLink')}
        </LocalizedLink>
      </p>
      {sandbox}
    </Banner>
  );
}

function Panel({ title, children, busy = false }: { title: ReactNode; children?: ReactNode; busy?: boolean }) {
  return (
    <div className="worker-panel" aria-busy={busy || undefined}>
      {busy && <Spinner size="lg" />}
      <h2 className="worker-panel__title">{title}</h2>
      {children}
    </div>
  );
}

/** The one status line under the figures: the last credit or why a task went away. */
function StatusLine({ state, lang }: { state: WorkerSocketState; lang: string }) {
  const { t } = useTranslation('worker');
  let text = '';
  let tone = '';
  if (state.lastCredit && !state.notice) {
    text = t('work.credited', { amount: formatUsd(state.lastCredit.reward, lang) });
    tone = 'success';
  } else if (state.notice) {
    text = t(`work.notice.${state.notice}`);
  }
  return (
    <p className={`worker-status${tone ? ` worker-status--${tone}` : ''}`} role="status">
      {text}
    </p>
  );
}

export interface WorkDeskProps {
  summary: WorkerSummary | undefined;
  lang: string;
}

/**
 * The live cabinet: Start/Stop, the figures, and one fixed-size stage that shows the current task
 * or what the worker is waiting for.
 */
export function WorkDesk({ summary, lang }: WorkDeskProps) {
  const { t } = useTranslation('worker');
  const dispatch = useAppDispatch();

  // Keep the figures current from the socket; a later refetch brings the server's own numbers.
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'accepted') {
        dispatch(
          workerApi.util.updateQueryData('getWorkerSummary', undefined, (draft) => {
            if (message.balance !== null) draft.balance = message.balance;
            draft.earnedToday = addMoney(draft.earnedToday, message.reward);
            draft.solvedToday += 1;
          }),
        );
      } else if (message.type === 'ready') {
        dispatch(
          workerApi.util.updateQueryData('getWorkerSummary', undefined, (draft) => {
            draft.balance = message.balance;
          }),
        );
      }
    },
    [dispatch],
  );
  const socket = useWorkerSocket({ onMessage });
  const { state } = socket;

  const qualified = summary?.qualified ?? false;
  const sandboxAllowed = summary?.sandbox ?? false;
  const working = state.wantWork;
  const ready = state.connected;

  const startButtons = working ? (
    <Button variant="secondary" size="lg" onClick={socket.stop}>
      {t('work.stop')}
    </Button>
  ) : (
    <>
      {qualified && (
        <Button size="lg" disabled={!ready} onClick={() => socket.start(false)}>
          {t('work.start')}
        </Button>
      )}
      {sandboxAllowed && (
        <Button variant={qualified ? 'secondary' : 'primary'} size="lg" disabled={!ready} onClick={() => socket.start(true)}>
          {t('work.startSandbox')}
        </Button>
      )}
    </>
  );

  let stage: ReactNode;
  const phase = state.phase;
  if ((phase === 'solving' || phase === 'submitting') && state.offer && state.deadline !== null && state.offeredAt !== null) {
    stage = (
      <TaskStage
        offer={state.offer}
        deadline={state.deadline}
        offeredAt={state.offeredAt}
        submitting={phase === 'submitting'}
        error={state.error ? t(errorKey(null, state.error.code)) : null}
        sandbox={state.sandbox}
        lang={lang}
        onAnswer={socket.answer}
        onSkip={socket.skip}
      />
    );
  } else if (phase === 'error') {
    const signedOut = state.error?.code === 'UNAUTHENTICATED';
    stage = (
      <Panel title={t('work.errorTitle')}>
        <Banner tone="danger" role="alert">
          {t(errorKey(null, state.error?.code))}
        </Banner>
        {signedOut ? (
          <LocalizedLink to="/auth/login" className="btn btn--primary btn--lg">
            {t('work.signIn')}
          </LocalizedLink>
        ) : (
          <Button size="lg" onClick={() => socket.start(state.sandbox)}>
            {t('work.tryAgain')}
          </Button>
        )}
      </Panel>
    );
  } else if (phase === 'connecting') {
    stage = (
      <Panel title={state.retries > 0 ? t('work.reconnecting') : t('work.connecting')} busy>
        <p className="worker-panel__text">{state.retries > 0 ? t('work.reconnectingText') : t('work.connectingText')}</p>
      </Panel>
    );
  } else if (phase === 'starting') {
    stage = <Panel title={t('work.starting')} busy />;
  } else if (phase === 'waiting') {
    stage = (
      <Panel title={t('work.waiting')} busy>
        <p className="worker-panel__text">{t('work.waitingText')}</p>
        <p className="worker-panel__text text-sm">
          {t('work.waitingLanguages')}{' '}
          <LocalizedLink to="/cabinet/editlang" className="link">
            {t('work.waitingLanguagesLink')}
          </LocalizedLink>
        </p>
      </Panel>
    );
  } else {
    stage = (
      <Panel title={qualified || sandboxAllowed ? t('work.idle') : t('work.locked')}>
        {state.error && (
          <Banner tone="warning" role="alert" onDismiss={socket.dismissError}>
            {t(errorKey(null, state.error.code))}
          </Banner>
        )}
        <p className="worker-panel__text">{qualified || sandboxAllowed ? t('work.idleText') : t('work.lockedText')}</p>
        <p className="worker-keys__label">{t('work.keys.label')}</p>
        <ul className="worker-keys" aria-label={t('work.keys.label')}>
          <li>
            <kbd className="worker-kbd">Enter</kbd> {t('work.keys.enter')}
          </li>
          <li>
            <kbd className="worker-kbd">Esc</kbd> {t('work.keys.esc')}
          </li>
          <li>
            <kbd className="worker-kbd">1–9</kbd> {t('work.keys.numbers')}
          </li>
        </ul>
      </Panel>
    );
  }

  return (
    <div className="worker-desk">
      <QualificationBanner summary={summary} />
      <div className="worker-desk__top">
        <WorkStats summary={summary} lang={lang} />
        <div className="worker-desk__actions">
          <Badge tone={ready ? (working ? 'success' : 'neutral') : 'warning'} dot>
            {ready ? (working ? (state.sandbox ? t('work.badge.sandbox') : t('work.badge.working')) : t('work.badge.stopped')) : t('work.badge.offline')}
          </Badge>
          <div className="worker-desk__buttons">{summary ? startButtons : <Skeleton width="9rem" height="3rem" />}</div>
        </div>
      </div>
      <StatusLine state={state} lang={lang} />
      <div className="worker-desk__stage">{stage}</div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { cx } from '#web/components/ui/class-names.ts';
import { formatCountdown } from './format.ts';

/** Time left until `deadline` as "0:42" and a shrinking bar; red in the last 10 seconds. */
export function Countdown({ deadline, startedAt }: { deadline: number; startedAt: number }) {
  const { t } = useTranslation('worker');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const total = Math.max(1, deadline - startedAt);
  const left = Math.max(0, deadline - now);
  const seconds = Math.ceil(left / 1000);
  const urgent = left <= 10_000;
  return (
    <div className={cx('worker-timer', urgent && 'worker-timer--urgent')}>
      <span className="worker-timer__label">{t('stage.timeLeft')}</span>
      <span className="worker-timer__value num" aria-hidden="true">
        {formatCountdown(left)}
      </span>
      <div
        className="worker-timer__bar"
        role="progressbar"
        aria-label={t('stage.timeLeft')}
        aria-valuemin={0}
        aria-valuemax={Math.ceil(total / 1000)}
        aria-valuenow={seconds}
        aria-valuetext={t('stage.secondsLeft', { count: seconds })}
      >
        <span className="worker-timer__fill" style={{ transform: `scaleX(${left / total})` }} />
      </div>
    </div>
  );
}

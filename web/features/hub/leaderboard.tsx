import { useTranslation } from '#web/lib/i18n-react.ts';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod, type LeaderboardRow } from '#shared/contracts/hub.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetHubLeaderboardQuery } from './api.ts';
import { count, percent, usd } from './format.ts';
import { HUB_PATH } from './hub-layout.tsx';
import { HubError } from './live-figures.tsx';

export function periodFrom(search: URLSearchParams): LeaderboardPeriod {
  const p = search.get('period');
  return (LEADERBOARD_PERIODS as readonly string[]).includes(p ?? '') ? (p as LeaderboardPeriod) : 'week';
}

function Row({ row, lang, mine }: { row: LeaderboardRow; lang: string; mine?: boolean }) {
  const { t } = useTranslation('hub');
  return (
    <tr className={mine ? 'hub-board__me' : undefined}>
      <td className="num">{row.rank > 0 ? count(row.rank, lang) : '—'}</td>
      <td className="mono">
        {row.name}
        {mine && (
          <>
            {' '}
            <Badge tone="info">{t('leaderboard.you')}</Badge>
          </>
        )}
      </td>
      <td className="num">{count(row.solved, lang)}</td>
      <td className="num">{row.accuracy === null ? '—' : percent(row.accuracy, lang)}</td>
      <td className="num">{usd(row.earned, lang)}</td>
    </tr>
  );
}

/** The period tabs (links, so each period has its URL) and the table. */
export function LeaderboardView({ period, lang }: { period: LeaderboardPeriod; lang: string }) {
  const { t } = useTranslation('hub');
  const { data, isFetching, isError, refetch } = useGetHubLeaderboardQuery(period);
  return (
    <div className="stack">
      <nav aria-label={t('leaderboard.periods')} className="hub-tabs">
        {LEADERBOARD_PERIODS.map((p) => (
          <LocalizedLink key={p} to={`${HUB_PATH}/leaderboard?period=${p}`} className="hub-tabs__tab" aria-current={p === period ? 'page' : undefined}>
            {t(`leaderboard.period.${p}`)}
          </LocalizedLink>
        ))}
      </nav>
      {isError ? (
        <HubError onRetry={() => void refetch()} />
      ) : !data ? (
        <LoadingBlock lines={6} />
      ) : (
        <>
          {data.me && (
            <p className="text-sm" role="status">
              {data.me.optedOut ? t('leaderboard.meHidden') : data.me.listed ? t('leaderboard.meRank', { rank: data.me.rank }) : t('leaderboard.meNotListed')}
            </p>
          )}
          {data.rows.length === 0 ? (
            <EmptyState title={t('leaderboard.emptyTitle')} description={t('leaderboard.emptyText')} />
          ) : (
            <div className="table-wrap" aria-busy={isFetching}>
              <table className="table hub-board">
                <caption className="visually-hidden">{t('leaderboard.caption', { period: t(`leaderboard.period.${period}`) })}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="num">{t('leaderboard.rank')}</th>
                    <th scope="col">{t('leaderboard.name')}</th>
                    <th scope="col" className="num">{t('leaderboard.solved')}</th>
                    <th scope="col" className="num">{t('leaderboard.accuracy')}</th>
                    <th scope="col" className="num">{t('leaderboard.earned')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <Row key={r.name} row={r} lang={lang} mine={data.me?.listed === true && data.me.rank === r.rank} />
                  ))}
                  {data.me && !data.me.listed && data.me.solved > 0 && <Row row={data.me} lang={lang} mine />}
                </tbody>
              </table>
            </div>
          )}
          <p className="text-sm muted">{t('leaderboard.note')}</p>
        </>
      )}
    </div>
  );
}

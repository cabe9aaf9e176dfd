import { useId } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { REWARD_RULES } from '#shared/contracts/hub.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetHubProfileQuery, useSetHubSettingsMutation } from './api.ts';
import { count, day, percent, usd } from './format.ts';
import { HubError } from './live-figures.tsx';

/** The signed-in worker's hub profile: level, badges, streak, tier, accuracy trend, rewards, the opt-out. */
export function HubProfileView({ lang }: { lang: string }) {
  const { t } = useTranslation('hub');
  const { data, isError, refetch } = useGetHubProfileQuery();
  const [save, saving] = useSetHubSettingsMutation();
  const optId = useId();
  if (isError) return <HubError onRetry={() => void refetch()} />;
  if (!data) return <LoadingBlock lines={6} />;
  const maxSolved = Math.max(1, ...data.trend.map((d) => d.solved));
  return (
    <>
      <div className="grid-4 hub-list">
        <Stat label={t('profile.name')} value={<span className="mono">{data.name}</span>} hint={t('profile.nameHint')} />
        <Stat
          label={t('profile.level')}
          value={count(data.level, lang)}
          hint={data.nextLevelAt === null ? t('profile.topLevel') : t('profile.nextLevel', { count: data.nextLevelAt - data.solvedTotal, solved: count(data.nextLevelAt - data.solvedTotal, lang) })}
        />
        <Stat label={t('profile.streak')} value={t('profile.days', { count: data.streak })} hint={t('profile.today', { solved: count(data.solvedToday, lang), min: REWARD_RULES.streakMinSolved })} />
        <Stat
          label={t('profile.tier')}
          value={data.tier ? t(`rewards.tier.${data.tier}`) : t('profile.noTier')}
          hint={data.accuracy7d === null ? t('profile.noAccuracy') : t('profile.accuracy7d', { accuracy: percent(data.accuracy7d, lang) })}
        />
      </div>

      <Card as="section" title={t('profile.badges')} headingLevel={2}>
        <ul className="hub-badges">
          {REWARD_RULES.milestones.map((m) => {
            const got = data.badges.find((b) => b.solved === m.solved);
            return (
              <li key={m.solved} className={got ? 'hub-badge hub-badge--earned' : 'hub-badge'}>
                <span className="hub-badge__mark" aria-hidden="true">
                  {got ? '★' : '☆'}
                </span>
                <span>{t('profile.badge', { solved: count(m.solved, lang) })}</span>
                <span className="text-sm muted">{got ? t('profile.earnedOn', { date: day(got.earnedAt, lang) }) : t('profile.notYet')}</span>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card as="section" title={t('profile.trend')} headingLevel={2} description={t('profile.trendHint')}>
        <div className="table-wrap">
          <table className="table hub-trend">
            <thead>
              <tr>
                <th scope="col">{t('profile.day')}</th>
                <th scope="col" className="num">{t('profile.solved')}</th>
                <th scope="col" className="num">{t('profile.accuracy')}</th>
                <th scope="col" aria-hidden="true" className="hub-trend__barcol" />
              </tr>
            </thead>
            <tbody>
              {data.trend.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{day(d.day, lang)}</th>
                  <td className="num">{count(d.solved, lang)}</td>
                  <td className="num">{d.accuracy === null ? '—' : percent(d.accuracy, lang)}</td>
                  <td aria-hidden="true" className="hub-trend__barcol">
                    <span className="hub-trend__bar" style={{ inlineSize: `${(d.solved / maxSolved) * 100}%` }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card as="section" title={t('profile.rewards')} headingLevel={2}>
        {data.rewards.length === 0 ? (
          <EmptyState compact title={t('profile.noRewardsTitle')} description={t('profile.noRewardsText')} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('profile.when')}</th>
                  <th scope="col">{t('profile.what')}</th>
                  <th scope="col" className="num">{t('profile.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rewards.map((r) => (
                  <tr key={r.key}>
                    <td>{day(r.createdAt, lang)}</td>
                    <td>
                      <Badge tone={r.kind === 'milestone' ? 'success' : 'info'}>{t(`rewards.kind.${r.kind}`)}</Badge>{' '}
                      {r.kind === 'milestone'
                        ? t('profile.badge', { solved: count(Number(r.detail.solved), lang) })
                        : r.kind === 'streak'
                          ? t('profile.streakOf', { count: Number(r.detail.streak), date: day(String(r.detail.day), lang) })
                          : t('profile.tierOf', { tier: t(`rewards.tier.${String(r.detail.tier)}`), date: day(String(r.detail.day), lang) })}
                    </td>
                    <td className="num">{usd(r.amount, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card as="section" title={t('profile.privacy')} headingLevel={2}>
        <div className="stack stack--sm">
          <label className="hub-toggle" htmlFor={optId}>
            <input
              id={optId}
              type="checkbox"
              checked={saving.isLoading && saving.originalArgs ? saving.originalArgs.leaderboardOptOut : data.leaderboardOptOut}
              disabled={saving.isLoading}
              onChange={(e) => void save({ leaderboardOptOut: e.target.checked })}
            />
            <span>{t('profile.optOut')}</span>
          </label>
          <p className="text-sm muted">{t('profile.optOutHint')}</p>
          <FormMessage error={saving.isError ? t('states.saveFailed') : null} success={saving.isSuccess ? t('profile.saved') : null} />
        </div>
      </Card>
    </>
  );
}

import { useTranslation } from '#web/lib/i18n-react.ts';
import { REWARD_RULES } from '#shared/contracts/hub.ts';
import { Card } from '#web/components/ui/card.tsx';
import { count, usd } from './format.ts';

const dollars = (micros: number) => micros / 1_000_000;

/** The reward rules as the rewards job applies them (shared REWARD_RULES: one source for both). */
export function RewardRules({ lang }: { lang: string }) {
  const { t } = useTranslation('hub');
  const r = REWARD_RULES;
  return (
    <div className="stack stack--lg">
      <Card as="section" title={t('rewards.streak.title')} headingLevel={2}>
        <div className="stack stack--sm">
          <p>{t('rewards.streak.text', { min: r.streakMinSolved, bonus: usd(dollars(r.streakBonusPerDay), lang), cap: r.streakCapDays, max: usd(dollars(r.streakBonusPerDay * r.streakCapDays), lang) })}</p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('rewards.streak.day')}</th>
                  {Array.from({ length: r.streakCapDays }, (_, i) => (
                    <th key={i} scope="col" className="num">
                      {i + 1 === r.streakCapDays ? `${i + 1}+` : i + 1}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('rewards.streak.bonus')}</th>
                  {Array.from({ length: r.streakCapDays }, (_, i) => (
                    <td key={i} className="num">
                      {i === 0 ? '—' : usd(dollars(r.streakBonusPerDay * (i + 1)), lang)}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      </Card>
      <Card as="section" title={t('rewards.tiers.title')} headingLevel={2}>
        <div className="stack stack--sm">
          <p>{t('rewards.tiers.text', { days: r.tierWindowDays, min: count(r.tierMinAnswers, lang) })}</p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('rewards.tiers.tier')}</th>
                  <th scope="col" className="num">{t('rewards.tiers.accuracy')}</th>
                  <th scope="col" className="num">{t('rewards.tiers.bonus')}</th>
                </tr>
              </thead>
              <tbody>
                {r.tiers.map((tier) => (
                  <tr key={tier.id}>
                    <th scope="row">{t(`rewards.tier.${tier.id}`)}</th>
                    <td className="num">≥ {tier.minAccuracy}%</td>
                    <td className="num">+{tier.bonusPercent}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </Card>
      <Card as="section" title={t('rewards.milestones.title')} headingLevel={2}>
        <div className="stack stack--sm">
          <p>{t('rewards.milestones.text')}</p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('rewards.milestones.badge')}</th>
                  <th scope="col" className="num">{t('rewards.milestones.bonus')}</th>
                </tr>
              </thead>
              <tbody>
                {r.milestones.map((m) => (
                  <tr key={m.solved}>
                    <th scope="row">{t('profile.badge', { solved: count(m.solved, lang) })}</th>
                    <td className="num">{usd(dollars(m.bonus), lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </Card>
      <Card as="section" title={t('rewards.payment.title')} headingLevel={2}>
        <p>{t('rewards.payment.text')}</p>
      </Card>
    </div>
  );
}

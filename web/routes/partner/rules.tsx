import { useTranslation } from '#web/lib/i18n-react.ts';
import { affiliateApi, useAffiliateTermsQuery } from '#web/features/affiliate/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateTerms.initiate(undefined, { subscribe: false }));
  return null;
}

const RULES = ['attribution', 'self', 'worker', 'customer', 'reversal', 'payouts', 'spam'] as const;

/** /partner/rules: the programme's rules with the configured rates. */
export default function RulesPage() {
  const { t } = useTranslation('partner');
  const { data } = useAffiliateTermsQuery();
  const vars = { worker: data?.workerPercent ?? '10', customer: data?.customerPercent ?? '10', months: data?.customerMonths ?? 12, days: data?.cookieDays ?? 3 };
  return (
    <PartnerLayout section="rules">
      <ol className="stack partner-rules">
        {RULES.map((key) => (
          <li key={key}>
            <h2 className="partner-heading">{t(`rules.${key}.title`)}</h2>
            <p>{t(`rules.${key}.text`, vars)}</p>
          </li>
        ))}
      </ol>
    </PartnerLayout>
  );
}

import { useTranslation } from '#web/lib/i18n-react.ts';
import { Card } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useAffiliateDashboardQuery } from '#web/features/affiliate/api.ts';
import { referralLink } from '#web/features/affiliate/link.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { PartnerLayout } from './layout.tsx';

/** Example texts of one kind with the referrer's link filled in, each copyable. */
export function ExamplesPage({ kind }: { kind: 'review' | 'article' }) {
  const { t } = useTranslation('partner');
  const origin = useAppSelector((s) => s.app.sites.intl);
  const brand = useAppSelector((s) => s.app.brandName);
  const { data } = useAffiliateDashboardQuery();
  const keys = Object.keys(t(`examples.${kind}`, { returnObjects: true }) as Record<string, unknown>);
  return (
    <PartnerLayout section={kind === 'review' ? 'reviewExamples' : 'articleExamples'}>
      {!data ? (
        <LoadingBlock lines={4} />
      ) : (
        <ul className="stack stack--lg partner-list">
          {keys.map((key) => {
            const text = t(`examples.${kind}.${key}.text`, { brand, link: referralLink(origin, '/', data.referrerId, `${kind}-${key}`) });
            return (
              <Card as="li" key={key} headingLevel={2} title={t(`examples.${kind}.${key}.title`)}>
                <div className="stack">
                  <p className="partner-example">{text}</p>
                  <div>
                    <CopyButton value={text} label={t('examples.copy')} copiedLabel={t('copied')} failedLabel={t('copyFailed')} />
                  </div>
                </div>
              </Card>
            );
          })}
        </ul>
      )}
    </PartnerLayout>
  );
}

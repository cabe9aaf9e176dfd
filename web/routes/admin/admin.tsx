import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { adminApi } from '#web/features/admin/api.ts';
import { CaptchaTypesPanel } from '#web/features/admin/captcha-types-panel.tsx';
import { AuditLogPanel } from '#web/features/finance/audit-log-panel.tsx';
import { MoneyViewPanel } from '#web/features/finance/money-view-panel.tsx';
import { OutboxPanel } from '#web/features/admin/outbox-panel.tsx';
import { Tabs, tabPanelProps } from '#web/features/admin/tabs.tsx';
import { UsersPanel } from '#web/features/admin/users-panel.tsx';
import { moneyApi } from '#web/features/money/api.ts';
import { VoucherBatchesPanel } from '#web/features/money/voucher-batches-panel.tsx';
import { AdminPaymentsPanel } from '#web/features/payments/admin-payments-panel.tsx';
import { AdminPayoutsPanel } from '#web/features/payouts/admin-payouts-panel.tsx';
import { payoutsApi } from '#web/features/payouts/api.ts';
import { paymentsApi } from '#web/features/payments/api.ts';
import { CampaignsPanel } from '#web/features/promotions/admin-campaigns-panel.tsx';
import { PromoCodesPanel } from '#web/features/promotions/admin-promo-codes-panel.tsx';
import { promotionsApi } from '#web/features/promotions/api.ts';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

type Tab = 'users' | 'payments' | 'payouts' | 'outbox' | 'captcha-types' | 'vouchers' | 'promo-codes' | 'campaigns' | 'finance' | 'audit';
const TABS: readonly Tab[] = ['users', 'payments', 'payouts', 'outbox', 'captcha-types', 'vouchers', 'promo-codes', 'campaigns', 'finance', 'audit'];
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'users';

export async function loader({ store, request }: PageLoaderArgs) {
  const tab = tabOf(new URL(request.url).searchParams.get('tab'));
  if (tab === 'outbox') await store.dispatch(adminApi.endpoints.outbox.initiate(undefined, { subscribe: false }));
  else if (tab === 'promo-codes') await store.dispatch(promotionsApi.endpoints.adminPromoCodes.initiate(undefined, { subscribe: false }));
  else if (tab === 'campaigns') await store.dispatch(promotionsApi.endpoints.adminCampaigns.initiate(undefined, { subscribe: false }));
  else if (tab === 'payments') await store.dispatch(paymentsApi.endpoints.adminPayments.initiate({ q: '', page: 0 }, { subscribe: false }));
  else if (tab === 'payouts') await store.dispatch(payoutsApi.endpoints.adminPayouts.initiate({ status: 'open' }, { subscribe: false }));
  else if (tab === 'vouchers') await store.dispatch(moneyApi.endpoints.getVoucherBatches.initiate(undefined, { subscribe: false }));
  else if (tab === 'captcha-types') await store.dispatch(adminApi.endpoints.captchaTypes.initiate(undefined, { subscribe: false }));
  else await store.dispatch(adminApi.endpoints.listUsers.initiate({ q: '', page: 0 }, { subscribe: false }));
  return null;
}

export default function AdminPage() {
  const { t } = useTranslation('admin');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  // Switches at once; the address follows so the tab can be linked and reloaded.
  const [tab, setTab] = useState<Tab>(() => tabOf(params.get('tab')));
  const select = (next: Tab) => {
    setTab(next);
    setParams(next === 'users' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="console-page">
      <title>{t('meta.title')}</title>
      <div className="container stack">
        <header className="console__header">
          <div className="console__heading">
            <h1 className="console__title">{t('title')}</h1>
            <p className="console__lead">{t('lead')}</p>
          </div>
          <LocalizedLink to="/p/moderator" className={buttonClassName('secondary', 'md')}>
            {t('moderationLink')}
          </LocalizedLink>
        </header>
        <Tabs
          label={t('tabs.label')}
          idPrefix="admin"
          value={tab}
          onChange={select}
          items={[
            { id: 'users', label: t('tabs.users') },
            { id: 'payments', label: t('payments:admin.tab') },
            { id: 'payouts', label: t('partner:admin.tab') },
            { id: 'outbox', label: t('tabs.outbox') },
            { id: 'captcha-types', label: t('tabs.captchaTypes') },
            { id: 'vouchers', label: t('tabs.vouchers') },
            { id: 'promo-codes', label: t('promotions:admin.tabs.promoCodes') },
            { id: 'campaigns', label: t('promotions:admin.tabs.campaigns') },
            { id: 'finance', label: t('finance:tab') },
            { id: 'audit', label: t('finance:auditTab') },
          ]}
        />
        <div {...tabPanelProps('admin', tab)} className="tabs__panel">
          {tab === 'users' ? <UsersPanel currentUserId={user?.id ?? null} /> : tab === 'payments' ? <AdminPaymentsPanel /> : tab === 'payouts' ? <AdminPayoutsPanel /> : tab === 'outbox' ? <OutboxPanel /> : tab === 'vouchers' ? <VoucherBatchesPanel /> : tab === 'promo-codes' ? <PromoCodesPanel /> : tab === 'campaigns' ? <CampaignsPanel /> : tab === 'finance' ? <MoneyViewPanel /> : tab === 'audit' ? <AuditLogPanel /> : <CaptchaTypesPanel />}
        </div>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { PriceList, TypePrice } from '#shared/contracts/pricing.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cx } from '#web/components/ui/class-names.ts';
import { formatAmount, formatPrice } from './format.ts';
import type { PriceListState } from './use-prices.ts';

const KINDS = ['image', 'token'] as const;

export interface PriceTableProps {
  list: PriceList;
  /** Only these types, in this order (the home page's short list); default every listed type. */
  slugs?: readonly string[];
  /** Name, price now and range only: no API names, worker rate or solving time. */
  compact?: boolean;
  /** Level of the group headings, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
}

/** How a type is named in the API: its createTask type (the v1 method is shared by several). */
function apiName(row: TypePrice): string {
  return row.v2Types[0] ?? row.v1Methods[0] ?? row.slug;
}

/**
 * The live prices per 1000 solved captchas, one table per kind (image recognition, then token and
 * behavioural captchas). Amounts come formatted by the server in `list.currency`.
 */
export function PriceTable({ list, slugs, compact = false, headingLevel = 3 }: PriceTableProps) {
  const { t, i18n } = useTranslation('pricing');
  const baseId = useId();
  const lang = i18n.language;
  const money = (amount: string) => formatPrice(amount, list.currency, lang);
  const rows = slugs
    ? slugs.flatMap((slug) => list.types.filter((r) => r.slug === slug))
    : list.types;
  const showTime = !compact && rows.some((r) => r.avgSolveSeconds !== undefined);
  const Heading = `h${headingLevel}` as const;
  // The column labels, looked up once instead of in every row (the /pricing page has ~45 rows).
  const label = { now: t('table.now'), range: t('table.range'), worker: t('table.worker'), time: t('table.time'), was: t('table.discount.was') };

  if (rows.length === 0) {
    return <EmptyState compact headingLevel={headingLevel} title={t('states.empty.title')} description={t('states.empty.text')} />;
  }

  return (
    <div className="price-groups">
      {KINDS.map((kind) => {
        const group = rows.filter((r) => r.kind === kind);
        if (group.length === 0) return null;
        const headingId = `${baseId}-${kind}`;
        return (
          <section key={kind} className="price-group" aria-labelledby={headingId} data-kind={kind}>
            <div className="price-group__header">
              <Heading id={headingId} className="price-group__title">
                {t(`table.groups.${kind}.title`)}
              </Heading>
              {!compact && <p className="muted text-sm">{t(`table.groups.${kind}.text`)}</p>}
            </div>
            <div className="table-wrap">
              <table className={cx('table', 'price-table', compact && 'price-table--compact')}>
                <caption className="visually-hidden">
                  {t('table.caption', { group: t(`table.groups.${kind}.title`), currency: list.currency })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('table.type')}</th>
                    <th scope="col" className="num">
                      {label.now}
                    </th>
                    <th scope="col" className="num">
                      {label.range}
                    </th>
                    {!compact && (
                      <th scope="col" className="num">
                        {label.worker}
                      </th>
                    )}
                    {showTime && (
                      <th scope="col" className="num">
                        {label.time}
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {group.map((row) => (
                    <tr key={row.slug} data-slug={row.slug}>
                      <th scope="row" className="price-table__type">
                        <span className="price-table__name">{t(row.nameKey, { defaultValue: row.slug })}</span>
                        {!compact && <code className="price-table__api">{apiName(row)}</code>}
                      </th>
                      <td className="num price-table__now" data-label={label.now}>
                        <strong data-testid={`price-${row.slug}`}>{money(row.per1000)}</strong>
                        {row.discount && (
                          <span className="price-table__discount" data-testid={`discount-${row.slug}`}>
                            <s className="price-table__list">
                              <span className="visually-hidden">{label.was} </span>
                              {money(row.discount.listPer1000)}
                            </s>{' '}
                            <span className="badge badge--success">{t('table.discount.badge', { percent: row.discount.percent })}</span>
                            {!compact && <span className="price-table__campaign text-sm muted">{row.discount.name}</span>}
                          </span>
                        )}
                      </td>
                      <td className="num" data-label={label.range}>
                        {t('table.rangeValue', { floor: money(row.floorPer1000), cap: money(row.capPer1000) })}
                      </td>
                      {!compact && (
                        <td className="num" data-label={label.worker}>
                          {money(row.workerPer1000)}
                        </td>
                      )}
                      {showTime && (
                        <td className="num" data-label={label.time}>
                          {row.avgSolveSeconds === undefined
                            ? t('table.noTime')
                            : t('table.seconds', { value: formatAmount(String(row.avgSolveSeconds), lang) })}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** USD / RUB / CNY as radio buttons (native keyboard: arrows move, the choice applies at once). */
export function CurrencySwitcher({
  currencies,
  value,
  onChange,
}: {
  currencies: readonly string[];
  value: string;
  onChange(currency: string): void;
}) {
  const { t } = useTranslation('pricing');
  const name = useId();
  if (currencies.length < 2) return null;
  return (
    <fieldset className="currency-switcher">
      <legend className="currency-switcher__legend">{t('currency.label')}</legend>
      <div className="currency-switcher__options">
        {currencies.map((code) => (
          <label key={code} className="currency-switcher__option" title={t(`currency.names.${code}`, { defaultValue: code })}>
            <input
              type="radio"
              name={name}
              value={code}
              checked={code === value}
              onChange={() => onChange(code)}
              className="currency-switcher__input"
            />
            <span className="currency-switcher__code">{code}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The price list (from usePriceList, shared with the rest of the page) with its currency switcher and every state: skeleton rows while the first list
 * loads, an alert with a retry when it fails, the stale table dimmed while another currency loads.
 */
export function PriceSection({ prices, note = true, ...props }: Omit<PriceTableProps, 'list'> & { prices: PriceListState; note?: boolean }) {
  const { t } = useTranslation('pricing');
  const { list, currency, setCurrency, isLoading, isUpdating, error, retry } = prices;
  const currencies = list?.currencies ?? [currency];
  return (
    <div className="price-section stack">
      <div className="price-section__bar">
        {note && <p className="text-sm muted">{t('table.note')}</p>}
        <CurrencySwitcher currencies={currencies} value={currency} onChange={setCurrency} />
      </div>
      {list?.types.some((r) => r.discount) && (
        <Banner tone="info" data-testid="discount-note">
          {t('table.discount.running')} <LocalizedLink to="/p/discount-campaigns">{t('table.discount.link')}</LocalizedLink>
        </Banner>
      )}
      {error != null && (
        <Banner tone="danger" role="alert">
          <div className="cluster">
            <span>{t('states.failed')}</span>
            <Button variant="secondary" onClick={retry}>
              {t('states.retry')}
            </Button>
          </div>
        </Banner>
      )}
      {list ? (
        <div className={cx('price-section__body', isUpdating && 'is-updating')} aria-busy={isUpdating || undefined}>
          {isUpdating && (
            <div className="price-section__updating text-sm muted">
              <Spinner size="sm" label={t('states.updating')} />
              <span aria-hidden="true">{t('states.updating')}</span>
            </div>
          )}
          <PriceTable list={list} {...props} />
        </div>
      ) : (
        isLoading && (
          <div className="stack stack--sm" aria-busy="true">
            <p className="visually-hidden" role="status">
              {t('states.loading')}
            </p>
            {Array.from({ length: props.compact ? 4 : 8 }, (_, i) => (
              <Skeleton key={i} height="2.75rem" />
            ))}
          </div>
        )
      )}
    </div>
  );
}

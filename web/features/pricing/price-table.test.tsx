import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceList, TypePrice } from '#shared/contracts/pricing.ts';
import enPricing from '../../../shared/i18n/locales/en/pricing.json';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import ruPricing from '../../../shared/i18n/locales/ru/pricing.json';
import ruUi from '../../../shared/i18n/locales/ru/ui.json';
import zhPricing from '../../../shared/i18n/locales/zh/pricing.json';
import zhUi from '../../../shared/i18n/locales/zh/ui.json';
import { createAppStore } from '#web/store/store.ts';
import { defaultCurrency, formatPrice, multiplyAmount } from './format.ts';
import { PriceSection, PriceTable } from './price-table.tsx';
import { usePriceList } from './use-prices.ts';

function pricingI18n(lng: string): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['pricing', 'ui'],
    defaultNS: 'pricing',
    resources: { en: { pricing: enPricing, ui: enUi }, ru: { pricing: ruPricing, ui: ruUi }, zh: { pricing: zhPricing, ui: zhUi } },
    interpolation: { escapeValue: false, defaultVariables: { brand: 'TestBrand' } },
    initAsync: false,
  });
  return instance;
}

const type = (slug: string, kind: 'image' | 'token', prices: Partial<TypePrice> = {}): TypePrice => ({
  slug,
  nameKey: `pricing:types.${slug}`,
  kind,
  v1Methods: ['post'],
  v2Types: [`${slug}Task`],
  per1000: '0.50',
  floorPer1000: '0.50',
  capPer1000: '1.00',
  workerPer1000: '0.30',
  workerShare: 0.6,
  load: 0,
  ...prices,
});

const usd: PriceList = {
  currency: 'USD',
  rate: '1',
  currencies: ['USD', 'RUB', 'CNY'],
  fullLoad: 10,
  types: [
    type('normal', 'image'),
    type('grid', 'image', { per1000: '1.20', floorPer1000: '1.20', capPer1000: '2.00', workerPer1000: '0.72' }),
    type('recaptcha_v2', 'token', { per1000: '1234.50', floorPer1000: '1.45', capPer1000: '2.99', workerPer1000: '0.87' }),
  ],
};

const rub: PriceList = {
  ...usd,
  currency: 'RUB',
  rate: '90',
  types: [type('normal', 'image', { per1000: '45.00', floorPer1000: '45.00', capPer1000: '90.00', workerPer1000: '27.00' }), type('recaptcha_v2', 'token', { per1000: '130.50' })],
};

afterEach(cleanup);

const renderTable = (ui: ReactElement, lng = 'en') => render(<I18nextProvider i18n={pricingI18n(lng)}>{ui}</I18nextProvider>);

describe('price formatting', () => {
  it('writes amounts with the currency sign and the language separators, without floats', () => {
    expect(formatPrice('0.50', 'USD', 'en')).toBe('$0.50');
    expect(formatPrice('1234.50', 'USD', 'en')).toBe('$1,234.50');
    expect(formatPrice('45.00', 'RUB', 'ru')).toBe('45,00\u00a0₽');
    expect(formatPrice('12345.10', 'RUB', 'ru')).toBe('12\u00a0345,10\u00a0₽');
    expect(formatPrice('3.60', 'CNY', 'zh')).toBe('¥3.60');
    expect(formatPrice('7.00', 'EUR', 'en')).toBe('7.00\u00a0EUR');
  });

  it('multiplies decimal strings exactly and picks the currency by language', () => {
    expect(multiplyAmount('0.50', 3)).toBe('1.50');
    expect(multiplyAmount('0.07', 3)).toBe('0.21');
    expect(multiplyAmount('45.00', 2)).toBe('90.00');
    expect(multiplyAmount('12', 3)).toBe('36');
    expect([defaultCurrency('ru'), defaultCurrency('zh'), defaultCurrency('en'), defaultCurrency('de')]).toEqual(['RUB', 'CNY', 'USD', 'USD']);
  });
});

describe('PriceTable', () => {
  it('groups the types by kind with prices now, floor to cap and the worker rate', () => {
    renderTable(<PriceTable list={usd} />);
    const image = screen.getByRole('region', { name: 'Image recognition' });
    const token = screen.getByRole('region', { name: 'Token and behavioural captchas' });
    const imageRows = within(image).getAllByRole('row').slice(1);
    expect(imageRows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Image captcha (text)normalTask', 'Grid: pick the tilesgridTask']);
    const normal = within(image).getByRole('row', { name: /Image captcha/ });
    expect(within(normal).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$0.50', '$0.50 – $1.00', '$0.30']);
    expect(within(token).getByTestId('price-recaptcha_v2').textContent).toContain('$1,234.50');
    expect(within(token).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Captcha type', 'Price now', 'Floor – cap', 'Workers earn']);
    expect(screen.getByRole('table', { name: 'Image recognition: prices per 1000 solved captchas in USD' })).toBeTruthy();
  });

  it('shows a running campaign: the discounted price, the list price struck through, the percentage and the campaign', () => {
    const discounted = {
      ...usd,
      types: usd.types.map((r) => (r.slug === 'grid' ? { ...r, per1000: '0.60', discount: { campaignId: 1, name: 'Spring sale', percent: 50, endsAt: '2030-01-01T00:00:00.000Z', listPer1000: '1.20' } } : r)),
    };
    renderTable(<PriceTable list={discounted} />);
    expect(screen.getByTestId('price-grid').textContent).toBe('$0.60');
    const discount = screen.getByTestId('discount-grid');
    expect(discount.querySelector('s')?.textContent).toBe('Without the discount: $1.20');
    expect(discount.textContent).toContain('−50%');
    expect(discount.textContent).toContain('Spring sale');
    expect(screen.queryByTestId('discount-normal')).toBeNull();
  });

  it('adds the average time only when some type has one', () => {
    const timed = { ...usd, types: usd.types.map((r) => (r.slug === 'normal' ? { ...r, avgSolveSeconds: 12.5 } : r)) };
    renderTable(<PriceTable list={timed} />, 'ru');
    const image = screen.getByRole('region', { name: 'Распознавание изображений' });
    expect(within(image).getAllByRole('columnheader').at(-1)?.textContent).toContain('Среднее время');
    expect(within(image).getByRole('row', { name: /Текст с картинки/ }).textContent).toContain('12,5 с');
    expect(within(image).getByRole('row', { name: /Сетка/ }).textContent).toContain('—');
  });

  it('in compact form shows the chosen types only, in order, without API names or worker rates', () => {
    renderTable(<PriceTable list={usd} slugs={['recaptcha_v2', 'normal', 'unknown']} compact />, 'zh');
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['图片文字验证码', 'reCAPTCHA v2']);
    expect(screen.queryByRole('columnheader', { name: '工作人员收入' })).toBeNull();
    expect(screen.queryByText('normalTask')).toBeNull();
  });

  it('says so when no type is open', () => {
    renderTable(<PriceTable list={{ ...usd, types: [] }} />);
    expect(screen.getByRole('heading', { name: 'No captcha types are open right now' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

type Reply = { status?: number; body: unknown };

function Section() {
  return <PriceSection prices={usePriceList()} />;
}

/** PriceSection on a page at `path`, its API calls answered by `handler`. */
function renderSection(path: string, lng: string, handler: (currency: string) => Reply) {
  const asked: string[] = [];
  const fetchFn = async (request: Request) => {
    const currency = new URL(request.url).searchParams.get('currency') ?? '';
    asked.push(currency);
    const reply = handler(currency);
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const store = createAppStore({ baseUrl: 'http://localhost/', fetchFn });
  const router = createMemoryRouter([{ path: '*', element: <Section /> }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={pricingI18n(lng)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return asked;
}

const unsupported: Reply = { status: 400, body: { error: { code: 'UNSUPPORTED_CURRENCY', message: 'no' } } };

describe('PriceSection', () => {
  it('starts in the language currency and switches on a radio choice', async () => {
    const asked = renderSection('/ru/pricing', 'ru', (c) => ({ body: c === 'RUB' ? rub : usd }));
    expect((await screen.findByTestId('price-normal')).textContent).toContain('45,00\u00a0₽');
    const group = screen.getByRole('group', { name: 'Валюта' });
    expect((within(group).getByRole('radio', { name: 'RUB' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'USD' }));
    // Dollars on a Russian page keep the Russian decimal comma.
    await waitFor(() => expect(screen.getByTestId('price-normal').textContent).toBe('$0,50'));
    expect((within(group).getByRole('radio', { name: 'USD' }) as HTMLInputElement).checked).toBe(true);
    expect(asked).toEqual(['RUB', 'USD']);
  });

  it('falls back to dollars when the language currency is not configured', async () => {
    const asked = renderSection('/zh/pricing', 'zh', (c) => (c === 'USD' ? { body: { ...usd, currencies: ['USD', 'RUB'] } } : unsupported));
    expect((await screen.findByTestId('price-normal')).textContent).toContain('$0.50');
    expect((screen.getByRole('radio', { name: 'USD' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: 'CNY' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked).toEqual(['CNY', 'USD']);
  });

  it('shows a failure with a retry that loads the list', async () => {
    let fail = true;
    renderSection('/pricing', 'en', () => (fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } } : { body: usd }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The prices could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('price-normal')).textContent).toContain('$0.50');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('pricing catalogues', () => {
  const keys = (catalogue: object, prefix = ''): string[] =>
    Object.entries(catalogue).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it('have the same keys in en, ru and zh, a name for every registry type and no brand name', async () => {
    const { CAPTCHA_TYPES } = await import('#shared/captcha-types/index.ts');
    const expected = keys(enPricing).sort();
    expect(keys(ruPricing).sort()).toEqual(expected);
    expect(keys(zhPricing).sort()).toEqual(expected);
    expect(Object.keys(enPricing.types).sort()).toEqual(CAPTCHA_TYPES.map((d) => d.slug).sort());
    for (const catalogue of [enPricing, ruPricing, zhPricing]) expect(JSON.stringify(catalogue)).not.toMatch(/CaptchaHub/i);
  });
});

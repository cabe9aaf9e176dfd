import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n, renderWithI18n } from '../../test/i18n.tsx';
import { formatTick } from './format.ts';
import { TimeSeriesChart, type ChartRow } from './time-series-chart.tsx';

afterEach(cleanup);

const data: ChartRow[] = [
  { t: '2025-03-04T13:00:00.000Z', solved: 1200.5, failed: 3 },
  { t: '2025-03-04T14:00:00.000Z', solved: 80, failed: null },
];
const series = [
  { key: 'solved', label: 'Solved' },
  { key: 'failed', label: 'Failed' },
];

describe('TimeSeriesChart', () => {
  it('renders on the server a placeholder of the plot box and the full table, no SVG', () => {
    const html = renderToString(
      <I18nextProvider i18n={createTestI18n('ru')}>
        <TimeSeriesChart title="Решено" granularity="hour" data={data} series={series} height={200} />
      </I18nextProvider>,
    );
    expect(html).toContain('data-chart-state="pending"');
    expect(html).toContain('height:200px');
    expect(html).not.toContain('<svg');
    expect(html).toContain('<table');
    expect(html).toContain('Показать таблицей');
    expect(html).toContain('1\u00a0200,5');
  });

  it('keeps the table for assistive technology and toggles it into view', async () => {
    renderWithI18n(<TimeSeriesChart title="Solved" granularity="hour" data={data} series={series} />);
    const table = screen.getByRole('table', { name: 'Solved' });
    expect(table.parentElement?.className).toContain('visually-hidden');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: 'Hour (UTC)' })).toBeTruthy();
    expect(screen.getByText('1,200.5')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(table.parentElement?.className).not.toContain('visually-hidden');
    expect(screen.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('uses the given value format in the table and draws once loaded', async () => {
    const { container } = renderWithI18n(
      <TimeSeriesChart title="Price" granularity="day" data={data} series={series.slice(0, 1)} formatValue={(v) => `$${v.toFixed(2)}`} table="visible" />,
      { lng: 'zh' },
    );
    expect(screen.getByText('$1200.50')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '日期（UTC）' })).toBeTruthy();
    await waitFor(() => expect(container.querySelector('[data-chart-state="ready"]')).not.toBeNull());
  });

  it('shows the empty text instead of a plot and no table without data', () => {
    renderWithI18n(<TimeSeriesChart title="Solved" granularity="day" data={[]} series={series} />, { lng: 'zh' });
    expect(screen.getByText('该时段暂无数据')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('formats ticks by language in UTC', () => {
    expect(formatTick('2025-03-04T14:00:00.000Z', 'hour', 'en')).toBe('14:00');
    expect(formatTick('2025-03-04T00:00:00.000Z', 'day', 'zh')).toBe('3月4日');
  });
});

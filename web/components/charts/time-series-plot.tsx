/**
 * The recharts drawing of TimeSeriesChart, in its own lazily loaded chunk (client only).
 * Colours come from the design tokens (--chart-1…--chart-4), read once from the document.
 */
import { useMemo } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartRow, ChartSeries } from './time-series-chart.tsx';
import { formatPointTime, formatTick, type Granularity } from './format.ts';

export interface PlotProps {
  kind: 'line' | 'area' | 'bar';
  data: readonly ChartRow[];
  series: readonly ChartSeries[];
  granularity: Granularity;
  lang: string;
  height: number;
  format: (value: number) => string;
  stacked: boolean;
}

const FALLBACK_COLOURS = ['#2563eb', '#047857', '#d97706', '#7c3aed'];

function tokenColours(): string[] {
  if (typeof document === 'undefined') return FALLBACK_COLOURS;
  const style = getComputedStyle(document.documentElement);
  return FALLBACK_COLOURS.map((fallback, i) => style.getPropertyValue(`--chart-${i + 1}`).trim() || fallback);
}

function readToken(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export default function TimeSeriesPlot({ kind, data, series, granularity, lang, height, format, stacked }: PlotProps) {
  const colours = useMemo(() => tokenColours(), []);
  const grid = useMemo(() => readToken('--color-border', '#e2e8f0'), []);
  const axis = useMemo(() => readToken('--color-text-muted', '#5b6779'), []);
  const rows = data as ChartRow[];
  const common = { data: rows, margin: { top: 8, right: 8, bottom: 0, left: 0 }, accessibilityLayer: false } as const;
  const children = [
    <CartesianGrid key="grid" stroke={grid} vertical={false} />,
    <XAxis
      key="x"
      dataKey="t"
      tickFormatter={(v: string) => formatTick(v, granularity, lang)}
      tick={{ fill: axis, fontSize: 12 }}
      stroke={grid}
      minTickGap={24}
    />,
    <YAxis
      key="y"
      tickFormatter={(v: number) => format(v)}
      tick={{ fill: axis, fontSize: 12 }}
      stroke={grid}
      width={64}
      allowDecimals
    />,
    <Tooltip
      key="tip"
      labelFormatter={(v) => formatPointTime(String(v), granularity, lang)}
      formatter={(v) => (typeof v === 'number' ? format(v) : String(v ?? ''))}
      isAnimationActive={false}
    />,
    series.length > 1 ? <Legend key="legend" iconSize={10} wrapperStyle={{ fontSize: 12 }} itemSorter={null} /> : null,
  ];

  let chart;
  if (kind === 'bar') {
    chart = (
      <BarChart {...common}>
        {children}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={colours[i % colours.length]} stackId={stacked ? 'stack' : undefined} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  } else if (kind === 'area') {
    chart = (
      <AreaChart {...common}>
        {children}
        {series.map((s, i) => (
          <Area
            key={s.key}
            dataKey={s.key}
            name={s.label}
            type="monotone"
            stackId={stacked ? 'stack' : undefined}
            stroke={colours[i % colours.length]}
            fill={colours[i % colours.length]}
            fillOpacity={0.15}
            strokeWidth={2}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    );
  } else {
    chart = (
      <LineChart {...common}>
        {children}
        {series.map((s, i) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            type="monotone"
            stroke={colours[i % colours.length]}
            strokeWidth={2}
            dot={rows.length <= 31}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }

  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
      {chart}
    </ResponsiveContainer>
  );
}

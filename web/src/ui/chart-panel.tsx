import { useTranslation } from 'react-i18next';
import { CHART_RANGES, type ChartRange } from './chart-range.ts';
import { Panel, type PanelProps } from './panel.tsx';
import { SegmentedControl } from './segmented-control.tsx';
import { Skeleton } from './skeleton.tsx';

export interface ChartRangeControlProps {
  /** The chosen range; null while a custom window is shown (no button is then pressed). */
  value: ChartRange | null;
  onChange: (range: ChartRange) => void;
}

/**
 * The chart range buttons (design.md: "ranges as buttons"): 1M ... MAX, short labels with the long
 * name as a tooltip. Its texts are the ui namespace's, like every shared component's.
 */
export function ChartRangeControl({ value, onChange }: ChartRangeControlProps) {
  const { t } = useTranslation('ui');
  return (
    <SegmentedControl
      label={t('chart.range')}
      fill
      options={CHART_RANGES.map((range) => ({
        value: range,
        label: t(`chart.ranges.${range}`),
        title: t(`chart.ranges.long.${range}`),
      }))}
      value={value}
      onChange={onChange}
    />
  );
}

export interface ChartPanelProps extends Omit<PanelProps, 'skeleton' | 'actions'> {
  /** The chart's height in px: the loading skeleton takes the same room, so the page does not jump. */
  chartHeight: number;
  /** The chosen range and its setter; the range buttons show beside the title when given. */
  range?: ChartRangeControlProps;
}

/** A panel around a time-series chart: its range buttons, and a chart-sized skeleton while loading. */
export function ChartPanel({ chartHeight, range, children, ...panel }: ChartPanelProps) {
  return (
    <Panel
      {...panel}
      skeleton={<Skeleton height={chartHeight} />}
      {...(range ? { actions: <ChartRangeControl {...range} /> } : {})}
    >
      {children}
    </Panel>
  );
}

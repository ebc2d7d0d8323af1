import { useEffect, useMemo, useRef, useState } from 'react';
import { barChartLayout } from './bar-layout.ts';
import type { AxisFormat, AxisLabel } from './chart-axes.ts';
import { axisMeasure } from './time-series-chart-axes.tsx';
import { MISSING } from './units.ts';
import './ui.css';

export interface Bar {
  /** The axis label ("2024", "Mar"). */
  label: string;
  value: number | null;
  /** Extra words for the hover line and the bar's name ("growth +5.2 %"). */
  detail?: string;
  /** A short second line under the label (growth "+5%"), with its tone. */
  note?: { text: string; tone: 'gain' | 'loss' | 'muted' };
  /** A period not over yet (this year so far): drawn hatched. */
  partial?: boolean;
}

export interface BarChartProps {
  /** The chart's accessible name. */
  title: string;
  bars: readonly Bar[];
  /** A bar's value alone; with `ticks`, an axis label (AxisFormat). */
  format: AxisFormat;
  /** The axis values, when shorter than the bar values ("$1" rather than "$1.00"); they share decimals. */
  axisFormat?: AxisFormat;
  /** Plot height in pixels (labels come above and below). */
  height?: number;
}

const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * Bars by year or by month (issue 22): a y axis of round values, each bar's value above it, its label
 * and note under it, as many of the newest bars as fit with readable labels. HTML boxes laid out by
 * bar-layout.ts, the labels being .chart-label like the canvas charts' so the e2e suite checks them
 * the same way. Each bar is focusable with its value as its name; hover or focus shows the read-out.
 */
export function BarChart({ title, bars, format, axisFormat, height = 160 }: BarChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  const measure = useMemo(() => axisMeasure(AXIS_FONT), []);
  const layout = useMemo(
    () =>
      barChartLayout(
        bars.map((bar) => ({
          label: bar.label,
          value: bar.value,
          valueText: bar.value === null ? MISSING : format(bar.value),
          note: bar.note?.text ?? null,
        })),
        width,
        height,
        axisFormat ?? format,
        measure,
      ),
    [bars, width, height, format, axisFormat, measure],
  );
  const shownBars = bars.slice(layout.first);
  const shown = active === null ? null : shownBars[active];
  const text = (bar: Bar) =>
    `${bar.label}: ${bar.value === null ? MISSING : format(bar.value)}${bar.detail ? ` · ${bar.detail}` : ''}`;
  const place = (label: AxisLabel) => ({ left: label.x, top: label.y, width: label.width, height: label.height });
  const slot = layout.plot.right / Math.max(shownBars.length, 1);
  return (
    <figure className="bar-chart" aria-label={title}>
      <p className="bar-chart__readout" aria-hidden="true">
        {shown ? text(shown) : '\u00a0'}
      </p>
      <div
        ref={frame}
        className="bar-chart__frame"
        data-chart-frame=""
        data-axes-width={width}
        style={{ height: layout.height }}
        onPointerLeave={() => setActive(null)}
      >
        {width > 0 && (
          <>
            {layout.gridY.map((y) => (
              <span key={`g${y}`} className="bar-chart__grid" style={{ top: y, width: layout.plot.right }} />
            ))}
            <span className="bar-chart__zero" style={{ top: layout.zeroY, width: layout.plot.right }} />
            {shownBars.map((bar, index) => {
              const rect = layout.bars[index];
              return (
                <div
                  key={bar.label}
                  className={`bar-chart__col${active === index ? ' is-active' : ''}`}
                  style={{ left: index * slot, width: slot, top: layout.plot.top, height: height }}
                  role="img"
                  aria-label={text(bar)}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard readers focus a bar to hear and see its value
                  tabIndex={0}
                  onPointerEnter={() => setActive(index)}
                  onFocus={() => setActive(index)}
                  onBlur={() => setActive(null)}
                >
                  {rect && (
                    <div
                      className={`bar-chart__bar${rect.negative ? ' bar-chart__bar--negative' : ''}${bar.partial ? ' bar-chart__bar--partial' : ''}`}
                      style={{
                        left: rect.x - index * slot,
                        width: rect.width,
                        top: rect.y - layout.plot.top,
                        height: Math.max(rect.height, 1),
                      }}
                    />
                  )}
                </div>
              );
            })}
            <div className="bar-chart__labels" aria-hidden="true">
              {layout.valueLabels.map((label, index) =>
                label ? (
                  <span
                    key={`v${shownBars[index]?.label}`}
                    className="chart-label chart-label--value"
                    style={place(label)}
                  >
                    {label.text}
                  </span>
                ) : null,
              )}
              {layout.xLabels.map((label) => (
                <span key={`x${label.text}`} className="chart-label chart-label--x" style={place(label)}>
                  {label.text}
                </span>
              ))}
              {layout.notes.map((label, index) =>
                label ? (
                  <span
                    key={`n${shownBars[index]?.label}`}
                    className={`chart-label chart-label--note chart-label--${shownBars[index]?.note?.tone ?? 'muted'}`}
                    style={place(label)}
                  >
                    {label.text}
                  </span>
                ) : null,
              )}
              {layout.yLabels.map((label) => (
                <span key={`y${label.text}`} className="chart-label" style={place(label)}>
                  {label.text}
                </span>
              ))}
            </div>
          </>
        )}
      </div>
    </figure>
  );
}

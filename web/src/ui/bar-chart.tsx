import { useState } from 'react';
import { barLayout } from './bar-layout.ts';
import { MISSING } from './units.ts';
import './ui.css';

export interface Bar {
  /** The axis label ("2024", "Mar"). */
  label: string;
  value: number | null;
  /** Extra words for the hover line ("growth +5.2 %"). */
  detail?: string;
}

export interface BarChartProps {
  /** The chart's accessible name. */
  title: string;
  bars: readonly Bar[];
  format: (value: number) => string;
  /** Plot height in pixels (labels come below). */
  height?: number;
}

/**
 * Bars by year or by month, drawn to match the canvas charts (same colours, type and grid). Built from
 * HTML boxes rather than SVG so labels keep their size at any width. Each bar is focusable with its
 * value as its name; hovering or focusing one shows its value on the read-out line above.
 */
export function BarChart({ title, bars, format, height = 160 }: BarChartProps) {
  const [active, setActive] = useState<number | null>(null);
  // Percent geometry: the layout is computed on a 100 x 100 box and applied as CSS percentages.
  const layout = barLayout(
    bars.map((bar) => bar.value),
    100,
    100,
    0,
  );
  const shown = active === null ? null : bars[active];
  const text = (bar: Bar) =>
    `${bar.label}: ${bar.value === null ? MISSING : format(bar.value)}${bar.detail ? ` · ${bar.detail}` : ''}`;
  return (
    <figure className="bar-chart" aria-label={title}>
      <p className="bar-chart__readout" aria-hidden="true">
        {shown ? text(shown) : '\u00a0'}
      </p>
      <div className="bar-chart__plot" style={{ height }} onPointerLeave={() => setActive(null)}>
        <div className="bar-chart__zero" style={{ top: `${layout.zeroY}%` }} />
        {bars.map((bar, index) => {
          const rect = layout.bars[index];
          return (
            <div
              key={bar.label}
              className={`bar-chart__col${active === index ? ' is-active' : ''}`}
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
                  className={`bar-chart__bar${rect.negative ? ' bar-chart__bar--negative' : ''}`}
                  style={{ top: `${rect.y}%`, height: `max(${rect.height}%, 1px)` }}
                />
              )}
            </div>
          );
        })}
      </div>
      <div className="bar-chart__labels" aria-hidden="true">
        {bars.map((bar) => (
          <span key={bar.label}>{bar.label}</span>
        ))}
      </div>
    </figure>
  );
}

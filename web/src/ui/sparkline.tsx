import './ui.css';

/**
 * The SVG path of a sparkline: values spread evenly over the width, the lowest at the bottom and the
 * highest at the top, `pad` pixels kept free so the stroke is not clipped. Non-finite values are skipped.
 */
export function sparklinePath(values: readonly number[], width: number, height: number, pad = 2): string {
  const points = values.map((value, index) => ({ value, index })).filter((p) => Number.isFinite(p.value));
  if (points.length === 0) return '';
  const min = Math.min(...points.map((p) => p.value));
  const max = Math.max(...points.map((p) => p.value));
  const span = max - min;
  const stepX = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const y = (value: number) => (span === 0 ? height / 2 : pad + ((max - value) / span) * (height - 2 * pad));
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(pad + p.index * stepX).toFixed(2)},${y(p.value).toFixed(2)}`)
    .join(' ');
}

export interface SparklineProps {
  values: readonly number[];
  /** Says what the line shows ("ACME, one year of weekly closes, up 12 %"). */
  label: string;
  width?: number;
  height?: number;
}

/** A small line without axes; green when it ends above its start, red below (the label says it too). */
export function Sparkline({ values, label, width = 120, height = 36 }: SparklineProps) {
  const first = values.find((v) => Number.isFinite(v));
  const last = values.findLast((v) => Number.isFinite(v));
  const trend = first === undefined || last === undefined || last === first ? 'flat' : last > first ? 'gain' : 'loss';
  return (
    <svg
      className={`sparkline sparkline--${trend}`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      <path d={sparklinePath(values, width, height)} fill="none" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

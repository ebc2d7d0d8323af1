import { useUnits } from './units.ts';
import './ui.css';

/** Which way a change goes; flat within half a basis point so rounding never shows "+0.00%" in green. */
export function changeDirection(valuePct: number | null | undefined): 'gain' | 'loss' | 'flat' | 'none' {
  if (valuePct === null || valuePct === undefined || !Number.isFinite(valuePct)) return 'none';
  if (Math.abs(valuePct) < 0.005) return 'flat';
  return valuePct > 0 ? 'gain' : 'loss';
}

const ARROWS = { gain: '▲', loss: '▼', flat: '■', none: '' } as const;

/**
 * A change in percent: green/red, and for colour-blind readers also the sign and an arrow (design.md).
 * `valuePct` is in percent (1.2 = +1.2 %).
 */
export function ChangeBadge({ valuePct, label }: { valuePct: number | null | undefined; label?: string }) {
  const units = useUnits();
  const direction = changeDirection(valuePct);
  return (
    <span className={`change change--${direction}`} title={label}>
      {direction !== 'none' && <span aria-hidden="true">{ARROWS[direction]} </span>}
      {units.pct(valuePct, { signed: true })}
    </span>
  );
}

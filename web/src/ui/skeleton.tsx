import './ui.css';

/**
 * Blocks of the first screen whose height first-screen.css sets at each breakpoint, the loaded box's:
 * the server's first response draws the same classes (server/src/web/page-skeleton.ts).
 */
export type SkeletonSize =
  | 'crypto-strip'
  | 'quote-card'
  | 'cards-as-of'
  | 'movers'
  | 'sectors'
  | 'ex-dividends'
  | 'news'
  | 'stock-header'
  | 'coin-header'
  | 'stock-tabs'
  | 'stock-price'
  | 'stock-stats'
  | 'coin-price'
  | 'coin-stats';

/** Grey placeholder blocks while data loads; decorative, so hidden from screen readers. */
export function Skeleton({ lines = 3, height, size }: { lines?: number; height?: number; size?: SkeletonSize }) {
  if (size !== undefined) {
    return <div className={`skeleton skeleton--block skeleton--${size}`} aria-hidden="true" />;
  }
  if (height !== undefined) {
    return <div className="skeleton skeleton--block" style={{ height }} aria-hidden="true" />;
  }
  return (
    <div className="skeleton-lines" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        // Index keys: the lines are identical and never reorder.
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder list
        <div key={index} className="skeleton skeleton--line" style={{ width: `${92 - ((index * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

import './ui.css';

/** Grey placeholder blocks while data loads; decorative, so hidden from screen readers. */
export function Skeleton({ lines = 3, height }: { lines?: number; height?: number }) {
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

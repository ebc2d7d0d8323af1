import './ui.css';

export interface Stat {
  label: string;
  /** The figure as shown, already formatted in the page's language. */
  value: string;
  /** A loss in red (a drawdown); plain otherwise. */
  tone?: 'loss';
}

/** The few headline figures above a chart ("Now 18.2x", "Median 15.1x"), label over value. */
export function StatRow({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="stat-row">
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd className={stat.tone === 'loss' ? 'num stat-row__value--loss' : 'num'}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

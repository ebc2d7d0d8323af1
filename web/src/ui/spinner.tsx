/** Full-page loading overlay with a spinner (spec 2). */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="route-overlay" role="status" aria-live="polite" data-testid="route-overlay">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

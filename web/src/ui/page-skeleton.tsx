import { Skeleton } from './skeleton.tsx';

/**
 * A page's place while its code or texts load: a heading block and two panels, the shape the server's
 * first response draws too (server/src/web/page-skeleton.ts). Not the full-page spinner, which is for
 * route changes (spec 2).
 */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page page-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <Skeleton height={64} />
      <Skeleton height={320} />
      <Skeleton lines={4} />
    </div>
  );
}

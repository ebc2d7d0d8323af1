import { useEffect, useState } from 'react';

/**
 * False until the browser has painted a frame after `ready` first became true, then true for good: what
 * is drawn behind it comes after the frame that shows the rest. A React deferred value does not wait for
 * a paint (its render may run before the next frame); a frame's callback and then a task do.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted, ready]);
  return painted;
}

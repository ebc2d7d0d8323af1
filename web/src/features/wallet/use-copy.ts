import { useCallback, useEffect, useRef, useState } from 'react';

/** spec 9: the "copied" tip shows for 2 s. */
export const COPIED_TIP_MS = 2000;

/** Copy to the clipboard with a timed "copied" tip; spec 5: ignored while disabled. */
export function useCopy(disabled = false): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(
    async (text: string) => {
      if (disabled) return;
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return; // no clipboard permission: no tip either
      }
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_TIP_MS);
    },
    [disabled],
  );
  return { copied, copy };
}

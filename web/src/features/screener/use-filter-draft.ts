import { useCallback, useEffect, useRef, useState } from 'react';
import { draftsOf, type RangeDrafts, type RangeText, rangesOf } from './filter-draft.ts';
import type { RangeKey } from './screener-fields.ts';
import { filtersKey, filtersOf, type ScreenerFilters, type ScreenerState } from './screener-state.ts';

/** What a preset sets besides the filters. */
export type ViewChange = Partial<Pick<ScreenerState, 'sort' | 'direction' | 'columns'>>;

/** The pause after the last key press before what was typed applies (issue 23: one apply behaviour). */
export const TYPING_PAUSE_MS = 500;

/**
 * Remembers the URL states this page wrote itself. When the URL changes to one of them, it is the echo
 * of our own write arriving (navigation is asynchronous): what the reader typed since stays. Any other
 * change (back, forward, a link) comes from outside and replaces the draft. Issue 23's bug was the
 * echo of the first box's value wiping the "2" typed into the second box, leaving "0" of "20".
 */
export function useOwnWrites(urlKey: string, draftKey: () => string, resync: () => void): (key: string) => void {
  const written = useRef<string[]>([]);
  const latest = useRef({ draftKey, resync });
  latest.current = { draftKey, resync };
  useEffect(() => {
    const at = written.current.indexOf(urlKey);
    if (at >= 0) {
      // Ours: this write and any older one are done.
      written.current.splice(0, at + 1);
      return;
    }
    if (urlKey === latest.current.draftKey()) return;
    written.current = [];
    latest.current.resync();
  }, [urlKey]);
  return useCallback((key: string) => {
    written.current.push(key);
    if (written.current.length > 50) written.current.shift();
  }, []);
}

export interface FilterDraft {
  drafts: RangeDrafts;
  /** A key press in a range box: applies after TYPING_PAUSE_MS without another. */
  type: (key: RangeKey, end: keyof RangeText, text: string) => void;
  /** Applies what is typed now (Enter, leaving a box, closing the phone drawer). */
  flush: () => void;
  /** A switch or a select: applies at once, with whatever is typed in the boxes. */
  change: (change: Partial<ScreenerFilters>) => void;
  /** Replaces every filter (a preset, "clear filters"): the boxes show the new values. */
  replace: (filters: ScreenerFilters, view?: ViewChange) => void;
}

/**
 * The filter panel's one apply behaviour: everything applies as you go, typed numbers after a short
 * pause, switches and selects at once; nothing typed is ever overwritten by the page's own URL writes.
 */
export function useFilterDraft(
  applied: ScreenerFilters,
  apply: (filters: ScreenerFilters, view: ViewChange) => void,
): FilterDraft {
  const [drafts, setDrafts] = useState<RangeDrafts>(() => draftsOf(applied));
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  // The filters as this page last wrote them, or as the URL last brought them from outside: a switch
  // flipped a moment ago counts even before its URL write has landed.
  const base = useRef(filtersOf(applied));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  const wanted = (change: Partial<ScreenerFilters> = {}): ScreenerFilters => ({
    ...base.current,
    ranges: rangesOf(draftsRef.current, base.current.ranges),
    ...change,
  });
  const appliedRef = useRef(applied);
  appliedRef.current = applied;
  const wrote = useOwnWrites(
    filtersKey(applied),
    () => filtersKey(wanted()),
    () => {
      cancel();
      base.current = filtersOf(appliedRef.current);
      const next = draftsOf(appliedRef.current);
      draftsRef.current = next;
      setDrafts(next);
    },
  );
  const write = (filters: ScreenerFilters, view: ViewChange = {}) => {
    cancel();
    const key = filtersKey(filters);
    if (key === filtersKey(base.current) && Object.keys(view).length === 0) return;
    base.current = filtersOf(filters);
    if (key !== filtersKey(appliedRef.current)) wrote(key);
    apply(filters, view);
  };
  const writeRef = useRef(write);
  writeRef.current = write;
  // Leaving the page drops a pending write (the URL is no longer this page's).
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    drafts,
    type: (key, end, text) => {
      const next = { ...draftsRef.current, [key]: { ...draftsRef.current[key], [end]: text } };
      draftsRef.current = next;
      setDrafts(next);
      cancel();
      timer.current = setTimeout(() => writeRef.current(wanted()), TYPING_PAUSE_MS);
    },
    flush: () => {
      if (timer.current !== undefined) write(wanted());
    },
    change: (change) => write(wanted(change)),
    replace: (filters, view = {}) => {
      const next = draftsOf(filters);
      draftsRef.current = next;
      setDrafts(next);
      write(filters, view);
    },
  };
}

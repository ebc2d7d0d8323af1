import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useId, useRef } from 'react';
import { scrollLeftToReveal, useScrollEdges } from './scroll-edges.ts';
import './ui.css';

/** The edge fades' width in ui.css (var(--space-8)): a revealed tab stays clear of them. */
const FADE_PX = 32;

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/** The tab a key press moves to (WAI-ARIA tabs: arrows wrap, Home/End jump); null for other keys. */
export function tabIndexAfterKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs with roving focus (only the selected tab is a Tab stop) and automatic activation. On a narrow
 * screen the row scrolls sideways: a fade marks each edge with more tabs beyond it, and the selected
 * tab is scrolled into view when the tabs open and whenever it changes.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(list);
  useRevealSelected(list, `${base}-tab-${selected}`);
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexAfterKey(event.key, current, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (!tab || next === null) return;
    event.preventDefault();
    onSelect(tab.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="tabs">
      <div className="tabs__bar" data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
        <div className="tabs__list" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
          {tabs.map((tab) => {
            const active = tab.id === selected;
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                id={`${base}-tab-${tab.id}`}
                aria-selected={active}
                aria-controls={`${base}-panel`}
                tabIndex={active ? 0 : -1}
                className="tabs__tab"
                onClick={() => onSelect(tab.id)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {/* Decorative: screen readers already hear "tab 2 of 6", so the fades are hidden from them. */}
        <span className="tabs__more tabs__more--start" aria-hidden="true" />
        <span className="tabs__more tabs__more--end" aria-hidden="true" />
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`}>
        {children}
      </div>
    </div>
  );
}

/**
 * Scrolls the tab row (only the row: the page never moves) so the selected tab shows whole: at once
 * when the tabs open, smoothly on a change unless the reader prefers reduced motion.
 */
function useRevealSelected(list: RefObject<HTMLDivElement | null>, selectedTabId: string) {
  const opened = useRef(false);
  useEffect(() => {
    const row = list.current;
    const tab = [...(row?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])].find((el) => el.id === selectedTabId);
    // jsdom (unit tests) lays nothing out and has no element scrolling.
    if (!row || !tab || typeof row.scrollTo !== 'function') return;
    const rowBox = row.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    const left = scrollLeftToReveal(
      row,
      { left: tabBox.left - rowBox.left + row.scrollLeft, width: tabBox.width },
      FADE_PX,
    );
    const still = !opened.current || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    opened.current = true;
    if (left !== row.scrollLeft) row.scrollTo({ left, behavior: still ? 'instant' : 'smooth' });
  }, [list, selectedTabId]);
}

/*
 * The keyboard logic of the header search (WAI-ARIA combobox with a listbox popup), kept pure so it is
 * tested without a browser.
 */

/** The option the arrow keys move to: down from "none" is the first, up from "none" the last, both wrap. */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  return (active + delta + count) % count;
}

/** "/" focuses the search unless the reader is typing somewhere else. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * Which result Enter opens: the highlighted one; otherwise an exact ticker match (typing "acme" and
 * Enter opens ACME); otherwise the first result.
 */
export function resultForEnter<T extends { ticker: string }>(
  results: readonly T[],
  active: number,
  typed: string,
): T | undefined {
  if (active >= 0 && active < results.length) return results[active];
  const exact = results.find((result) => result.ticker.toLowerCase() === typed.trim().toLowerCase());
  return exact ?? results[0];
}

/** Splits a name around the typed text so the match can be emphasised. */
export function highlightParts(text: string, typed: string): { text: string; match: boolean; start: number }[] {
  const needle = typed.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return [{ text, match: false, start: 0 }];
  const end = at + needle.length;
  return [
    { text: text.slice(0, at), match: false, start: 0 },
    { text: text.slice(at, end), match: true, start: at },
    { text: text.slice(end), match: false, start: end },
  ].filter((part) => part.text !== '');
}

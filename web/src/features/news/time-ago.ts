/*
 * "3 hours ago" in the page's language (Intl.RelativeTimeFormat). News times are ISO-8601 UTC; the
 * unit is the largest that fits, so a list reads "5 min. ago", "2 days ago" rather than raw dates.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** One formatter per locale: a list of news items would otherwise build one per item. */
const formats = new Map<string, Intl.RelativeTimeFormat>();

export function timeAgo(iso: string, locale: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    formats.set(locale, format);
  }
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  // Under a minute (or a clock a little ahead of the feed's): "now".
  return format.format(0, 'second');
}

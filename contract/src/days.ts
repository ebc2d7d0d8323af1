/*
 * Day rules without zod, so the web app's page code can use them without loading the contract's schemas
 * (a stock page loads no zod: e2e served.spec).
 */

/** A real calendar day: 2024-02-30 is refused (V8 would roll it over to March 1st). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

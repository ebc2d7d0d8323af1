/*
 * CSV export of the screener result (RFC 4180: comma separated, CRLF line ends, fields with a comma,
 * quote or line break quoted and quotes doubled). Numbers are written raw with a dot, never localised,
 * so spreadsheets in any language read them; the units are in the header names.
 */
export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'boolean' ? (value ? 'true' : 'false') : value;
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection): quote with a tick.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Starts a download of a text file in the browser. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark makes Excel read the file as UTF-8 (names with accents).
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

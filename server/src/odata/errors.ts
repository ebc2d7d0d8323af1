/** The system query options this layer understands; an error names the one it is about. */
export type ODataOption = '$filter' | '$orderby' | '$select' | '$top' | '$skip' | '$count';

/**
 * A query the caller wrote wrongly: where (0-based character offset into the option's value), what was
 * expected there, and what was found. Routes turn it into a 400 in the API's error shape.
 */
export class ODataError extends Error {
  constructor(
    readonly option: ODataOption,
    readonly position: number,
    readonly expected: string,
    readonly found: string,
  ) {
    super(`at position ${position}: expected ${expected}, found ${found}`);
    this.name = 'ODataError';
  }
}

/** Describe a piece of input for an error message, shortened so a huge value does not flood the reply. */
export function describeFound(text: string): string {
  if (text === '') return 'the end of the expression';
  const short = text.length > 30 ? `${text.slice(0, 30)}...` : text;
  return `'${short}'`;
}

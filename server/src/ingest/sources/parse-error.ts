/** A source's answer that is not in the format expected: the field it concerns and why. */
export class ParseError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

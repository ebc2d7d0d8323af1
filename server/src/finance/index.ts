/* Pure finance functions: data in, numbers out, no I/O (architecture: finance imports nothing of the server). */
export * from './adjust.ts';
export * from './dividends.ts';
export * from './drawdown.ts';
export * from './periods.ts';
export * from './statements.ts';
export * from './types.ts';
export * from './valuation.ts';

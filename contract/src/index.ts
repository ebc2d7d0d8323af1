export * from './auth.ts';
export * from './errors.ts';
export * from './green.ts';
export * from './indicator.ts';
export * from './locales.ts';
export * from './news.ts';
export * from './system.ts';
export * from './wallet.ts';

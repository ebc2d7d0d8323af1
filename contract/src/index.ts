export * from './auth.ts';
export * from './errors.ts';
export * from './locales.ts';
export * from './system.ts';
export * from './wallet.ts';

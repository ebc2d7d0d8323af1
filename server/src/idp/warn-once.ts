/*
 * oidc-provider warns on the console each time a provider is made with its in-memory adapter. The
 * development provider is in memory on purpose (ADR 0006), and the app makes one per address it is
 * reached at (and every test app makes its own), so the same warning would fill logs and test output.
 * Each distinct warning is printed once per process; anything else written meanwhile passes untouched.
 */
const printed = new Set<string>();

export function warningsOnce<T>(make: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : '';
    if (text.includes('oidc-provider WARNING')) {
      if (printed.has(text)) return;
      printed.add(text);
    }
    warn.apply(console, args);
  };
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}

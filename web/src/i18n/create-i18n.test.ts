import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLocale } from '../test/i18n.ts';
import { createI18n } from './index.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the app texts at start', () => {
  it('are read from absolute URLs, the same ones the page head preloads, with no exception inside the loader', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        const [, language, ns] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(url) ?? [];
        return new Response(JSON.stringify(readLocale(language ?? 'en', ns ?? 'common')), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    // i18next-http-backend hides credentials in the URLs it logs with `new URL()`: on a relative path that
    // throws (caught inside), once per file, on every start.
    const urlThrew = vi.fn();
    const RealURL = URL;
    vi.stubGlobal(
      'URL',
      class extends RealURL {
        constructor(url: string | URL, base?: string | URL) {
          try {
            super(url, base);
          } catch (error) {
            urlThrew(String(url));
            throw error;
          }
        }
      },
    );
    const i18n = await createI18n('de');
    const german = readLocale('de', 'common') as { footer: { disclaimer: string } };
    expect(i18n.t('common:footer.disclaimer')).toBe(german.footer.disclaimer);
    expect(asked).toContain(`${window.location.origin}/locales/de/common.json`);
    expect(asked.every((url) => url.startsWith(`${window.location.origin}/locales/`))).toBe(true);
    expect(urlThrew).not.toHaveBeenCalled();
  });
});

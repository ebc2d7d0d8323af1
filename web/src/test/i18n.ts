import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const localesDir = path.resolve(import.meta.dirname, '../../public/locales');

/** The namespaces (files) English has; every language must have the same. */
export function namespaces(): string[] {
  return fs
    .readdirSync(path.join(localesDir, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

export function readLocale(language: string, namespace = 'common'): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'));
}

/** Flattens {"a":{"b":"x"}} to {"a.b":"x"}. */
function flatten(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') {
    out[prefix] = value;
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** Every string of a language, keyed "namespace:dotted.key" (a namespace file it lacks gives none). */
export function allStrings(language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ns of namespaces()) {
    if (!fs.existsSync(path.join(localesDir, language, `${ns}.json`))) continue;
    for (const [key, text] of Object.entries(flatten(readLocale(language, ns)))) out[`${ns}:${key}`] = text;
  }
  return out;
}

/** An i18next instance with English (and optionally more) loaded synchronously, for component tests. */
export async function testI18n(languages: string[] = ['en']): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: namespaces(),
    defaultNS: 'common',
    resources: Object.fromEntries(
      languages.map((l) => [l, Object.fromEntries(namespaces().map((ns) => [ns, readLocale(l, ns)]))]),
    ),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

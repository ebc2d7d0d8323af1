import { DEFAULT_LANGUAGE, type Language } from '@app/contract';

/** App paths in a language: English unprefixed, others under /{lang}. */
export function pathIn(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

export const homePath = (language: Language) => pathIn(language, '/');

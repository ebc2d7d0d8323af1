import { type Language, languageOfPath } from '@app/contract/locales';
import { useLocation } from '../router/index.ts';

/** The page's language comes from its path (spec 2: English unprefixed, 19 prefixes). */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

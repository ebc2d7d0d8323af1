import { DEFAULT_LANGUAGE, localizePath, PREFIXED_LANGUAGES, stripLanguage } from '@app/contract/locales';

/**
 * spec 2: the full-page overlay shows while a route change is in progress, except when the change
 * only adds a language prefix to the current path. It clears on completion or error (state idle).
 */
export function shouldShowRouteOverlay(
  state: 'idle' | 'loading' | 'submitting',
  currentPath: string,
  nextPath: string | undefined,
): boolean {
  if (state === 'idle') return false;
  if (nextPath === undefined) return true;
  return !onlyAddsLanguagePrefix(currentPath, nextPath);
}

export function onlyAddsLanguagePrefix(currentPath: string, nextPath: string): boolean {
  if (stripLanguage(currentPath) !== currentPath) return false; // current already has a prefix
  return PREFIXED_LANGUAGES.some((lang) => lang !== DEFAULT_LANGUAGE && localizePath(currentPath, lang) === nextPath);
}

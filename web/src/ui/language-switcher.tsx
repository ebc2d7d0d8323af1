import { LANGUAGES, localizePath } from '@app/contract/locales';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../i18n/index.ts';
import { rememberLanguage } from '../i18n/language-choice.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { Link, useLocation } from '../router/index.ts';
import { useDismiss } from './use-dismiss.ts';

/** Where a key moves the focus in a list of `count` items from `index` (wrapping), or null for other keys. */
export function menuTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * spec 2: lists EN, HU, ... AF and keeps the current page (and its query) when switching. The keyboard
 * works as in any menu (issue 23): arrow down on the button opens it on the current language, the arrows,
 * Home and End move through the 20, Enter picks, Esc closes and returns to the button.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusOnOpen = useRef(false);

  useDismiss(open, closeMenu, root, button);

  // Opened from the keyboard: the focus goes to the current language, where the arrows start from.
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    items.current[Math.max(0, LANGUAGES.indexOf(current))]?.focus();
  }, [open, current]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    focusOnOpen.current = true;
    if (open) items.current[Math.max(0, LANGUAGES.indexOf(current))]?.focus();
    else setOpen(true);
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const index = items.current.indexOf(document.activeElement as HTMLAnchorElement);
    const target = menuTarget(event.key, index < 0 ? LANGUAGES.indexOf(current) : index, LANGUAGES.length);
    if (target === null) return;
    event.preventDefault();
    items.current[target]?.focus();
  };

  return (
    <div className="language-switcher" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKey}
      >
        {/* The name starts with the hidden label and contains the visible code (WCAG 2.5.3, label in name). */}
        <span className="visually-hidden">{t('nav.language', { language: LANGUAGE_NAMES[current] })} </span>
        {current.toUpperCase()} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} className="language-switcher__menu" onKeyDown={onMenuKey}>
          {LANGUAGES.map((language, index) => (
            <li key={language}>
              <Link
                ref={(element) => {
                  items.current[index] = element;
                }}
                to={`${localizePath(location.pathname, language)}${location.search}${location.hash}`}
                hrefLang={language}
                lang={language}
                aria-current={language === current ? 'true' : undefined}
                onClick={() => {
                  // Remembered: "/" then opens in this language (issue 33).
                  rememberLanguage(language);
                  setOpen(false);
                }}
              >
                <span className="language-switcher__code">{language.toUpperCase()}</span>
                <span>{LANGUAGE_NAMES[language]}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { LANGUAGES, localizePath } from '@app/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGE_NAMES } from '../i18n/index.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { useDismiss } from './use-dismiss.ts';

/** spec 2: lists EN, HU, ... AF and keeps the current page (and its query) when switching. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useDismiss(open, closeMenu, root);

  return (
    <div className="language-switcher" ref={root}>
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* The name starts with the hidden label and contains the visible code (WCAG 2.5.3, label in name). */}
        <span className="visually-hidden">{t('nav.language', { language: LANGUAGE_NAMES[current] })} </span>
        {current.toUpperCase()} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} className="language-switcher__menu">
          {LANGUAGES.map((language) => (
            <li key={language}>
              <Link
                to={`${localizePath(location.pathname, language)}${location.search}${location.hash}`}
                hrefLang={language}
                lang={language}
                aria-current={language === current ? 'true' : undefined}
                onClick={() => setOpen(false)}
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

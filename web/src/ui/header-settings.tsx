import { LANGUAGES, type Language, localizePath } from '@app/contract/locales';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../i18n/index.ts';
import { rememberLanguage } from '../i18n/language-choice.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { useLocation, useNavigate } from '../router/index.ts';
import { THEMES, useTheme } from '../theme/theme.ts';
import { useDismiss } from './use-dismiss.ts';
import './header-settings.css';

/**
 * The phone header's one settings button (issue 23: the header stacked four rows on a phone): it opens
 * the language and the theme as two native selects, the phone's own pickers. Wider screens keep the
 * language menu and theme select in the header; CSS shows one or the other.
 */
export function HeaderSettings() {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [theme, setTheme] = useTheme();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useDismiss(open, close, root, button);

  const changeLanguage = (language: Language) => {
    setOpen(false);
    rememberLanguage(language);
    void navigate(`${localizePath(location.pathname, language)}${location.search}${location.hash}`);
  };
  return (
    <div className="header-settings" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost header-settings__button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{t('nav.settings')} </span>
        {current.toUpperCase()}
        <span aria-hidden="true" className="header-settings__icon">
          ⚙
        </span>
      </button>
      <div id={`${id}-menu`} className="header-settings__menu" hidden={!open}>
        <label htmlFor={`${id}-language`}>{t('nav.languageLabel')}</label>
        <select
          id={`${id}-language`}
          value={current}
          onChange={(event) => changeLanguage(event.target.value as Language)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]} ({language.toUpperCase()})
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-theme`}>{t('theme.label')}</label>
        <select
          id={`${id}-theme`}
          value={theme}
          onChange={(event) => setTheme(event.target.value as (typeof THEMES)[number])}
        >
          {THEMES.map((value) => (
            <option key={value} value={value}>
              {t(`theme.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

import { currentPlace, NAV_PLACES, navHref } from '@app/contract/nav';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language.ts';
import { Link, useLocation } from '../router/index.ts';
import { useDismiss } from '../ui/use-dismiss.ts';
import './main-nav.css';

/**
 * The main navigation (issue 33): home, screener, watchlist, crypto, markets, the current place marked
 * (aria-current="page"). Wide screens show the links in a row under the header; a phone shows a menu
 * button beside the logo, in the header's first row (no row of its own), that opens them as a panel. The open panel takes the focus to its first link,
 * Escape or a press outside closes it (Escape gives the focus back to the button), and following a link
 * closes it. The server draws the same markup in its first screen (server/src/web/page-skeleton.ts).
 */
export function MainNav() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const current = currentPlace(pathname);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLAnchorElement>(null);
  const id = useId();
  useDismiss(open, close, root, button);

  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  return (
    <nav className="main-nav" aria-label={t('mainNav.label')} ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost main-nav__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className="main-nav__icon">
          ☰
        </span>
        <span className="main-nav__label">{t('mainNav.menu')}</span>
      </button>
      <ul id={id} className="main-nav__list" data-open={open}>
        {NAV_PLACES.map((place, index) => (
          <li key={place}>
            <Link
              ref={index === 0 ? first : undefined}
              to={navHref(place, language)}
              className="main-nav__link"
              aria-current={place === current ? 'page' : undefined}
              onClick={close}
            >
              {t(`mainNav.${place}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

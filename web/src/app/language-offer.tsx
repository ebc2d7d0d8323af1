import { type Language, localizePath } from '@app/contract/locales';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../i18n/index.ts';
import { languageToOffer, readRememberedLanguage, rememberLanguage } from '../i18n/language-choice.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { useLocation, useNavigate } from '../router/index.ts';
import './language-offer.css';

/** The meta tag the server writes with the Accept-Language's offer (server/src/web/static.ts). */
export const LANGUAGE_OFFER_META = 'll-language-offer';

/**
 * The reader's preferred languages: the server's reading of the Accept-Language header first (issue 46: a
 * browser may send a language navigator.languages does not list, and a German Accept-Language got no
 * offer), then the browser's own list.
 */
function browserLanguages(): readonly string[] {
  const told = document.querySelector<HTMLMetaElement>(`meta[name="${LANGUAGE_OFFER_META}"]`)?.content;
  const own = navigator.languages?.length ? navigator.languages : [navigator.language];
  return told ? [told, ...own] : own;
}

/**
 * A first visit whose browser prefers one of the app's other languages is offered it in one line (issue
 * 33), never sent away: the sentence and its button in the offered language, the button that keeps the
 * page in its own. Either choice is remembered (the cookie), so the offer is made once. It sits at the
 * bottom of the window, over the page, so nothing on the page moves when it appears.
 */
export function LanguageOffer() {
  const { t, i18n } = useTranslation();
  const page = useLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [offer, setOffer] = useState<Language | null>(null);

  useEffect(() => {
    const language = languageToOffer(page, readRememberedLanguage(), browserLanguages());
    setOffer(null);
    if (!language) return;
    let live = true;
    // The offer speaks the offered language: its texts first (the page's own then follow quickly too).
    void i18n.loadLanguages(language).then(() => {
      if (live) setOffer(language);
    });
    return () => {
      live = false;
    };
  }, [page, i18n]);

  if (!offer) return null;
  const theirs = i18n.getFixedT(offer, 'common');
  const take = () => {
    rememberLanguage(offer);
    setOffer(null);
    void navigate(`${localizePath(pathname, offer)}${search}${hash}`);
  };
  const stay = () => {
    rememberLanguage(page);
    setOffer(null);
  };
  return (
    <aside className="language-offer" aria-label={theirs('languageOffer.label')} lang={offer}>
      <p className="language-offer__text">{theirs('languageOffer.text')}</p>
      <button type="button" className="button" onClick={take}>
        {theirs('languageOffer.switch')}
      </button>
      <button type="button" className="button button--ghost" lang={page} onClick={stay}>
        {t('languageOffer.stay', { language: LANGUAGE_NAMES[page] })}
      </button>
    </aside>
  );
}

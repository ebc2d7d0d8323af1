import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../features/search/search-box.tsx';
import { WalletButton, WalletModalRoot, walletAuthPlugin } from '../features/wallet/index.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { Link, Outlet, useLocation, useNavigation } from '../router/index.ts';
import { HeaderSettings } from '../ui/header-settings.tsx';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { FullPageSpinner } from '../ui/spinner.tsx';
import { ThemeSwitch } from '../ui/theme-switch.tsx';
import { trackPageView } from './analytics.ts';
import { registerWalletAuth } from './auth/wallet-plugin.ts';
import { DemoBanner } from './demo-banner.tsx';
import { HeaderAccount } from './header-account.tsx';
import { LanguageOffer } from './language-offer.tsx';
import { MainNav } from './main-nav.tsx';
import { ModalContainer } from './modal-container.tsx';
import { homePath } from './paths.ts';
import { shouldShowRouteOverlay } from './route-overlay.ts';
import { useScrollToHash } from './scroll-to-hash.ts';

// The wallet feature joins the combined auth state (spec 4) through the app's registration point.
registerWalletAuth(walletAuthPlugin);

/**
 * The app shell (spec 2): header, main navigation, page, footer, the language offer, the route-change
 * overlay and the modal container.
 */
export function Shell() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigation = useNavigation();
  const overlay = shouldShowRouteOverlay(navigation.state, location.pathname, navigation.location?.pathname);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  // spec 2: every page view sends page_view with the path.
  useEffect(() => {
    trackPageView(location.pathname);
  }, [location.pathname]);
  useScrollToHash(location.hash, location.key);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="app-header">
        <Link to={homePath(language)} className="brand">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          <span>{t('app.name')}</span>
        </Link>
        <SearchBox />
        <nav className="app-header__tools" aria-label={t('nav.tools')}>
          <LanguageSwitcher />
          <ThemeSwitch />
          {/* Phones: the two above in one menu (issue 23). */}
          <HeaderSettings />
          <HeaderAccount walletEntry={<WalletButton />} />
        </nav>
      </header>
      <MainNav />
      <DemoBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        {/* A page waiting for its texts or code shows a skeleton in its place: the header stays, and so
            does what is typed into the search box. The full-page spinner is for route changes (spec 2). */}
        <Suspense fallback={<PageSkeleton label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app-footer">
        <p>{t('footer.disclaimer')}</p>
        <p>
          <a href="/api/docs">{t('footer.apiDocs')}</a>
        </p>
      </footer>
      <LanguageOffer />
      {overlay && <FullPageSpinner label={t('common.loading')} />}
      <ModalContainer />
      <WalletModalRoot />
    </div>
  );
}

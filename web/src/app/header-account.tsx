import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../features/auth/redirect-target.ts';
import { useLocation } from '../router/index.ts';
import { logout, startAuth } from './auth/session.ts';
import { useAuth } from './auth/use-auth.ts';
import './header-account.css';
import { useDismiss } from '../ui/use-dismiss.ts';

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * The header's sign-in button and account menu. Starts the page-load sign-in check (spec 4). The wallet
 * feature adds its "connect wallet" entry through `walletEntry`.
 */
export function HeaderAccount({ walletEntry }: { walletEntry?: ReactNode }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void startAuth();
  }, []);

  useDismiss(open, closeMenu, root);

  if (auth.combined === 'in-progress') {
    return (
      <span className="button button--ghost" aria-busy="true">
        {t('checking')}
      </span>
    );
  }

  if (auth.combined === 'not-authenticated') {
    return (
      <div className="header-account">
        {walletEntry}
        <a className="button" href={loginPath(`${location.pathname}${location.search}`)}>
          {t('signIn')}
        </a>
      </div>
    );
  }

  const user = auth.idp.userInfo;
  const label = user?.name ?? user?.email ?? (auth.wallet.account ? shortAddress(auth.wallet.account) : t('account'));
  return (
    <div className="header-account" ref={root}>
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('accountMenu', { name: label })}
        onClick={() => setOpen((value) => !value)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} className="header-account__menu">
          <li className="header-account__who">
            <small>{t('signedInAs')}</small>
            {user?.email ?? label}
            {auth.wallet.account && <small>{t('wallet', { address: shortAddress(auth.wallet.account) })}</small>}
          </li>
          {walletEntry && <li>{walletEntry}</li>}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              {t('signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

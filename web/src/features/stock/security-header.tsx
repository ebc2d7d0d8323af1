import type { CompanyProfile } from '@app/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { useUnits } from '../../ui/units.ts';
import './stock.css';

/** The page head (design.md): name, ticker · exchange · sector, the last price and day change, actions. */
export function SecurityHeader({ profile, actions }: { profile: CompanyProfile; actions?: ReactNode }) {
  const { t } = useTranslation('stock');
  const units = useUnits();
  const labels = useSectorLabels();
  // The sector in the page's language (issue 23, web/src/i18n/sector-labels.ts).
  const facts = [profile.ticker, profile.exchange, labels.sector(profile.sector)].filter(Boolean).join(' · ');
  return (
    <header className="security-header">
      <div className="security-header__name">
        <h1>{profile.name}</h1>
        <p className="security-header__facts">{facts}</p>
      </div>
      <div className="security-header__quote">
        <p className="security-header__price num">{units.money(profile.price, profile.currency)}</p>
        <p className="security-header__change">
          <ChangeBadge valuePct={profile.changePct} /> <span className="muted">{t('header.today')}</span>
        </p>
        <p className="security-header__as-of muted">
          {t('header.close', { date: units.date(profile.pricesAsOf) })}
          {profile.demo ? ` · ${t('header.demo')}` : ''}
        </p>
      </div>
      {actions && <div className="security-header__actions">{actions}</div>}
    </header>
  );
}

import type { CompanyProfile } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../ui/panel.tsx';
import './stock.css';

/** A coin's description: the crypto overview's block beside downside potential. */
export function SecurityAbout({ profile }: { profile: CompanyProfile }) {
  const { t } = useTranslation('stock');
  return (
    <Panel title={t('about.title')}>
      <p className="security-about">{profile.description ?? t('about.none')}</p>
    </Panel>
  );
}

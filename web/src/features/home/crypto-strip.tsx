import { COINS_ANCHOR } from '@app/contract/nav';
import { useTranslation } from 'react-i18next';
import { cryptoPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUnits } from '../../ui/units.ts';
import { useCryptoStrip } from './home-api.ts';

/**
 * The coins in one row under the page title (issue 23), the most traded first: ticker, price and day
 * change, each a link to its page. It scrolls sideways inside itself on a narrow screen. While loading it
 * keeps its row (as the server's first screen does: the cards under it do not move when it arrives);
 * without coins it takes no room.
 */
export function CryptoStrip() {
  const { t } = useTranslation('home');
  const units = useUnits();
  const language = useLanguage();
  const strip = useCryptoStrip();
  const coins = strip.data?.coins ?? [];
  if (strip.isPending) return <Skeleton size="crypto-strip" />;
  if (coins.length === 0) return null;
  return (
    // The main navigation's "crypto" (issue 33); focused when scrolled to (web/src/app/scroll-to-hash.ts).
    <section id={COINS_ANCHOR} tabIndex={-1} className="crypto-strip" aria-labelledby="crypto-strip-title">
      <h2 id="crypto-strip-title" className="crypto-strip__title">
        {t('crypto.title')}
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling row must be reachable by keyboard */}
      <ul className="crypto-strip__list" tabIndex={0} aria-label={t('crypto.title')}>
        {coins.map((coin) => (
          <li key={coin.ticker} className="crypto-strip__coin">
            <Link to={cryptoPath(language, coin.ticker)} className="crypto-strip__ticker" title={coin.name}>
              {coin.ticker}
            </Link>
            <span className="num">{units.money(coin.price, coin.currency)}</span>
            <ChangeBadge valuePct={coin.changePct} />
          </li>
        ))}
      </ul>
    </section>
  );
}

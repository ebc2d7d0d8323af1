import type { HomeCards } from '@app/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { securityPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Sparkline } from '../../ui/sparkline.tsx';
import { useUnits } from '../../ui/units.ts';
import { useBalancedColumns } from './balanced-grid.ts';
import './home.css';

/** A card's narrowest width and the gap between cards, in px (home.css). */
const CARD_MIN = 150;
const CARD_GAP = 12;

type Card = HomeCards['cards'][number];

/** The default cards' count (the eight largest stocks): the loading state draws as many. */
const DEFAULT_CARDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/**
 * The cards while they load, with their as-of line: the columns and heights are first-screen.css's, the
 * same the server's first screen draws (server/src/web/page-skeleton.ts), so the page does not jump.
 */
export function QuoteCardsSkeleton() {
  return (
    <div className="quote-cards-skeleton" aria-hidden="true">
      <div className="quote-cards-skeleton__grid">
        {DEFAULT_CARDS.map((slot) => (
          <Skeleton key={slot} size="quote-card" />
        ))}
      </div>
      <Skeleton size="cards-as-of" />
    </div>
  );
}

/** Watchlist cards (design.md): ticker, name, price, day change, one-year sparkline, yield. */
export function QuoteCards({ cards }: { cards: readonly Card[] }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const units = useUnits();
  const grid = useRef<HTMLUListElement>(null);
  const columns = useBalancedColumns(grid, cards.length, CARD_MIN, CARD_GAP);
  return (
    <ul className="quote-cards" ref={grid} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {cards.map((card) => {
        const first = card.sparkline[0]?.close;
        const last = card.sparkline.at(-1)?.close;
        const yearChange = first && last ? ((last - first) / first) * 100 : null;
        return (
          <li key={card.ticker} className="quote-card">
            <Link className="quote-card__link" to={securityPath(language, card.kind, card.ticker)}>
              <span className="quote-card__ticker">{card.ticker}</span>
              <span className="quote-card__name">{card.name}</span>
            </Link>
            <p className="quote-card__price num">{units.money(card.price, card.currency)}</p>
            <p className="quote-card__change">
              <ChangeBadge valuePct={card.changePct} label={t('cards.dayChange')} />
            </p>
            <Sparkline
              values={card.sparkline.map((point) => point.close)}
              label={t('cards.sparkline', {
                ticker: card.ticker,
                change: units.pct(yearChange, { signed: true, digits: 1 }),
              })}
              width={140}
              height={36}
            />
            <dl className="quote-card__facts">
              <div>
                <dt>{t('cards.year')}</dt>
                <dd className="num">{units.pct(yearChange, { signed: true, digits: 1 })}</dd>
              </div>
              {card.kind === 'stock' && (
                <div>
                  <dt>{t('cards.yield')}</dt>
                  <dd className="num">{units.pct(card.dividendYieldPct)}</dd>
                </div>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

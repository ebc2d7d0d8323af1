import type { HomeCards } from '@app/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { securityPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Sparkline } from '../../ui/sparkline.tsx';
import { useUnits } from '../../ui/units.ts';
import { balancedColumns } from './balanced-grid.ts';
import './home.css';

/** A card's narrowest width and the gap between cards, in px (home.css's container widths follow them). */
export const CARD_MIN = 150;
export const CARD_GAP = 12;
/** The most columns home.css has a width for (a 1,932 px wide panel). */
export const MOST_COLUMNS = 12;

/**
 * The grid's column count for every number of cards that fit side by side (`--columns-{fit}`): home.css
 * picks one by the panel's width with container queries. The browser lays the grid out once, at any
 * width, with no script measuring it (the measure forced a layout of the whole page while the home page
 * started, and a second render).
 */
export function columnVariables(count: number): CSSProperties {
  const variables: Record<string, number> = {};
  for (let fit = 1; fit <= MOST_COLUMNS; fit += 1) variables[`--columns-${fit}`] = balancedColumns(count, fit);
  return variables as CSSProperties;
}

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
  return (
    <div className="quote-cards-box">
      <ul className="quote-cards" style={columnVariables(cards.length)}>
        {cards.map((card) => {
          // The catalogue's one-year change on daily closes (the stock page's and the screener's figure).
          const yearChange = card.change1yPct;
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
    </div>
  );
}

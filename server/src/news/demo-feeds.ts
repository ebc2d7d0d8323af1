import type { Db } from '../db/index.ts';
import { DEMO_TEXTS, type DemoTexts } from './demo-texts.ts';
import type { FeedInput } from './registry.ts';
import { escapeHtml } from './sanitize-html.ts';

/*
 * Demo feeds (issue 5): the app serves generated feeds about the fictional demo companies itself, under
 * /api/rss/demo/<name>.xml, in all three formats (home: RSS 2.0, analysis: Atom 1.0, company: RSS 1.0),
 * so the news pages show items offline. The refresher reads them in-process, not over the network,
 * so demo mode needs no loopback exception in the request-forgery guard.
 */

export interface DemoCompany {
  id: number;
  ticker: string;
  name: string;
}

export interface DemoDocument {
  contentType: string;
  body: string;
}

const DAYS = 14;
export const DEMO_PATH = '/api/rss/demo/';

/** Demo companies with feeds of their own; the others (generated ones) have none. */
const COMPANIES_WITH_FEEDS = 50;

/**
 * The demo companies the feeds write about: the hand-made ones first, in the order given (the companies
 * the README, the tests and a new user open, SOLQ among them: ingest/demo's, passed in by main.ts and the
 * feed route), then generated ones by ticker. By ticker alone, the 420-company universe gave the 50 feeds
 * to generated companies starting with A and B.
 */
export async function demoCompanies(db: Db, handMadeTickers: readonly string[]): Promise<DemoCompany[]> {
  const handMade = new Map(handMadeTickers.map((ticker, index) => [ticker, index]));
  const rows = await db
    .selectFrom('securities')
    .select(['id', 'ticker', 'name'])
    .where('is_demo', '=', 1)
    .where('kind', '=', 'stock')
    .orderBy('ticker')
    .execute();
  const rank = (ticker: string) => handMade.get(ticker) ?? handMade.size;
  // A stable sort: within a rank (the generated companies) the tickers' order stays.
  return rows.sort((a, b) => rank(a.ticker) - rank(b.ticker)).slice(0, COMPANIES_WITH_FEEDS);
}

export function demoFeedInputs(publicUrl: string, companies: DemoCompany[]): FeedInput[] {
  const url = (name: string) => `${publicUrl}${DEMO_PATH}${name}.xml`;
  const inputs: FeedInput[] = [];
  for (const [locale, texts] of Object.entries(DEMO_TEXTS)) {
    inputs.push({ url: url(`home-${locale}`), kind: 'home', locale, origin: 'demo', title: texts.homeTitle });
    inputs.push({
      url: url(`analysis-${locale}`),
      kind: 'analysis',
      locale,
      origin: 'demo',
      title: texts.analysisTitle,
    });
  }
  for (const c of companies)
    inputs.push({
      url: url(`company-${c.ticker.toLowerCase()}`),
      kind: 'company',
      locale: 'en',
      origin: 'demo',
      securityId: c.id,
      title: demoCompanyFeedTitle(c, 'en'),
    });
  return inputs;
}

/** The name of a demo feed from its URL or path ('.../api/rss/demo/home-de.xml' -> 'home-de'). */
export function demoFeedName(urlOrPath: string): string | null {
  const path = urlOrPath.startsWith('/') ? urlOrPath : new URL(urlOrPath).pathname;
  const match = /\/api\/rss\/demo\/([a-z0-9.-]{1,40})\.xml$/.exec(path);
  return match?.[1] ?? null;
}

/** The document of one demo feed, generated for `now`; null for an unknown name. */
export function renderDemoFeed(
  name: string,
  companies: DemoCompany[],
  publicUrl: string,
  now: Date,
): DemoDocument | null {
  const [kind, rest = ''] = name.split(/-(.*)/s);
  const texts = DEMO_TEXTS[rest];
  if (kind === 'home' && texts) return rss2(name, rest, texts, companies, publicUrl, now);
  if (kind === 'analysis' && texts) return atom(name, rest, texts, companies, publicUrl, now);
  const company = companies.find((c) => c.ticker.toLowerCase() === rest);
  if (kind === 'company' && company) return rdf(name, company, publicUrl, now);
  return null;
}

interface DemoItem {
  id: string;
  title: string;
  summary: string;
  date: string;
  /** The item's address: its company's News tab, or the markets page for a market story (issue 46). */
  link: string;
}

/** What a demo story is about: a company's ticker, or none (the market). */
type DemoStory = { title: string; summary: string; ticker?: string };

/** One or two items a day for the last DAYS days, chosen deterministically from the name and day. */
function items(name: string, now: Date, publicUrl: string, pick: (seed: number) => DemoStory | null): DemoItem[] {
  const out: DemoItem[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(today - day * 86_400_000).toISOString().slice(0, 10);
    for (let slot = 0; slot < 2; slot++) {
      const seed = itemSeed(name, date, slot);
      const at = new Date(today - day * 86_400_000 + (7 + (seed % 11)) * 3_600_000 + slot * 1_800_000);
      if (at > now || (slot === 1 && seed % 3 === 0)) continue;
      const story = pick(seed);
      if (!story) continue;
      // A demo story has no article page of its own: it links to the page of what it is about, the
      // fragment naming the item so that each item's link is its own (merged lists keep one item per link).
      const page = story.ticker ? `/stocks/${encodeURIComponent(story.ticker)}/news` : '/markets';
      out.push({
        id: `urn:ledgerlight:demo:${name}:${date}-${slot}`,
        date: at.toISOString(),
        title: story.title,
        summary: story.summary,
        link: `${publicUrl}${page}#${name}-${date}-${slot}`,
      });
    }
  }
  return out;
}

/**
 * An item's seed from its feed, date and slot (all in its guid), not from how many days ago it was: the
 * same item is the same story whenever it is rendered, so it can be told again in another language.
 */
function itemSeed(name: string, date: string, slot: number): number {
  return hash(`${name}:${date}:${slot}`);
}

/** A percentage between 0.5 and 9.9 picked by the seed, written with the language's decimal separator. */
function percent(language: string, seed: number): string {
  const value = 0.5 + (seed % 95) / 10;
  const locale = language === 'no' ? 'nb' : language;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

const needsCompany = (template: string) => template.includes('{name}') || template.includes('{ticker}');

function fill(template: string, language: string, seed: number, company?: DemoCompany): string {
  const text = template.replaceAll('{pct}', percent(language, seed));
  if (!company) {
    // A template about a company needs one; an empty name would print "Valuation check: ()".
    if (needsCompany(text)) throw new Error(`demo feed template needs a company: ${template}`);
    return text;
  }
  return text.replaceAll('{name}', company.name).replaceAll('{ticker}', company.ticker);
}

function companyItem(texts: DemoTexts, language: string, companies: DemoCompany[], seed: number): DemoStory {
  const company = companies[seed % companies.length] as DemoCompany;
  return {
    title: fill(texts.company[seed % texts.company.length] as string, language, seed, company),
    summary: fill(texts.companySummary, language, seed, company),
    ticker: company.ticker,
  };
}

function rss2(
  name: string,
  language: string,
  texts: DemoTexts,
  companies: DemoCompany[],
  publicUrl: string,
  now: Date,
): DemoDocument {
  const list = items(name, now, publicUrl, (seed) =>
    companies.length > 0 && seed % 2 === 0
      ? companyItem(texts, language, companies, Math.floor(seed / 2))
      : {
          title: fill(texts.market[seed % texts.market.length] as string, language, seed),
          summary: texts.marketSummary,
        },
  );
  const body = list
    .map(
      (i) =>
        `<item><title>${escapeHtml(i.title)}</title><link>${escapeHtml(i.link)}</link><guid isPermaLink="false">${i.id}</guid><pubDate>${new Date(i.date).toUTCString()}</pubDate><description>${escapeHtml(`<p>${escapeHtml(i.summary)}</p>`)}</description></item>`,
    )
    .join('\n');
  return {
    contentType: 'application/rss+xml; charset=utf-8',
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escapeHtml(texts.homeTitle)}</title><link>${publicUrl}/</link><description>${escapeHtml(texts.marketSummary)}</description>\n${body}\n</channel></rss>\n`,
  };
}

function atom(
  name: string,
  language: string,
  texts: DemoTexts,
  companies: DemoCompany[],
  publicUrl: string,
  now: Date,
): DemoDocument {
  const templates = texts.analysis;
  const list = items(name, now, publicUrl, (seed) => {
    const template = templates[seed % templates.length] as string;
    if (needsCompany(template) && companies.length === 0) return null;
    const company = companies.length > 0 ? companies[Math.floor(seed / 4) % companies.length] : undefined;
    const about = needsCompany(template) && company ? { ticker: company.ticker } : {};
    return { title: fill(template, language, seed, company), summary: texts.analysisSummary, ...about };
  });
  const entries = list
    .map(
      (i) =>
        `<entry><title>${escapeHtml(i.title)}</title><link href="${escapeHtml(i.link)}"/><id>${i.id}</id><updated>${i.date}</updated><summary type="text">${escapeHtml(i.summary)}</summary></entry>`,
    )
    .join('\n');
  return {
    contentType: 'application/atom+xml; charset=utf-8',
    body: `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>${escapeHtml(texts.analysisTitle)}</title><id>${publicUrl}${DEMO_PATH}${name}.xml</id><updated>${now.toISOString()}</updated>\n${entries}\n</feed>\n`,
  };
}

/** The company feed's title as a reader of the language sees it (the company's name stays as it is). */
const COMPANY_FEED_TITLE: Record<string, string> = {
  en: '{name} (demo)',
  de: '{name} (Demo)',
  fr: '{name} (démo)',
  es: '{name} (demo)',
  it: '{name} (demo)',
  pt: '{name} (demonstração)',
  nl: '{name} (demo)',
  sv: '{name} (demo)',
  no: '{name} (demo)',
  da: '{name} (demo)',
  fi: '{name} (demo)',
  af: '{name} (demo)',
  hu: '{name} (demó)',
  pl: '{name} (demo)',
  cs: '{name} (ukázka)',
  sk: '{name} (ukážka)',
  ro: '{name} (demonstrație)',
  el: '{name} (επίδειξη)',
  tr: '{name} (demo)',
  ru: '{name} (демо)',
};

export function demoCompanyFeedTitle(company: DemoCompany, language: string): string {
  return (COMPANY_FEED_TITLE[language] ?? '{name} (demo)').replaceAll('{name}', company.name);
}

/**
 * A stored item of a company's demo feed told in another language (issue 23: the News tab of a stock
 * in the reader's language): the same story, as the guid names its feed, date and slot, from the
 * language's own templates. Null for a guid that is not a demo company item's, or an unknown language.
 */
export function demoCompanyStory(
  guid: string,
  company: DemoCompany,
  language: string,
): { title: string; summary: string } | null {
  const match = /^urn:ledgerlight:demo:(company-[a-z0-9.-]+):(\d{4}-\d{2}-\d{2})-([01])$/.exec(guid);
  const texts = DEMO_TEXTS[language];
  if (!match || !texts || match[1] !== `company-${company.ticker.toLowerCase()}`) return null;
  const { title, summary } = companyItem(
    texts,
    language,
    [company],
    itemSeed(match[1], match[2] as string, Number(match[3])),
  );
  return { title, summary };
}

function rdf(name: string, company: DemoCompany, publicUrl: string, now: Date): DemoDocument {
  const texts = DEMO_TEXTS.en as DemoTexts;
  const list = items(name, now, publicUrl, (seed) => companyItem(texts, 'en', [company], seed));
  const entries = list
    .map(
      (i) =>
        `<item rdf:about="${i.id}"><title>${escapeHtml(i.title)}</title><link>${escapeHtml(i.link)}</link><description>${escapeHtml(i.summary)}</description><dc:date>${i.date}</dc:date></item>`,
    )
    .join('\n');
  return {
    contentType: 'application/rdf+xml; charset=utf-8',
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="${publicUrl}${DEMO_PATH}${name}.xml"><title>${escapeHtml(demoCompanyFeedTitle(company, 'en'))}</title><link>${publicUrl}/</link><description>${escapeHtml(fill(texts.companySummary, 'en', 0, company))}</description></channel>\n${entries}\n</rdf:RDF>\n`,
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

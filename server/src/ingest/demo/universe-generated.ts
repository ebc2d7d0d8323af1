import { rng, seedOf } from './generator.ts';
import type { DemoCompany, DividendPattern, Profile } from './universe.ts';

/*
 * The bulk of the demo universe (issue 23: enough companies to screen): invented companies made from a
 * fixed seed, so every start generates the same ones. Each sector has its usual industries, dividend
 * habits and business profiles; each green theme gets its own companies, whose descriptions carry the
 * words the green rules look for (docs/green-rules.md). Tickers have four letters with a Q or a Z, like
 * the hand-made ones, and never the benchmarks' five-letter Z tickers.
 */

interface IndustrySpec {
  sector: string;
  industry: string;
  sic: string;
  /** What the description says the company does. */
  does: string[];
  words: string[];
}

/** Rows of "sector | industry | SIC | what it does (; between choices) | name words (, between)". */
function table(text: string): IndustrySpec[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [sector, industry, sic, does, words] = line.split('|').map((cell) => cell.trim()) as [
        string,
        string,
        string,
        string,
        string,
      ];
      return { sector, industry, sic, does: does.split('; '), words: words.split(', ') };
    });
}

const INDUSTRIES = table(`
  Technology | Prepackaged software | 7372 | Sells business software by subscription. | Software, Systems
  Technology | Semiconductors and related devices | 3674 | Designs chips for data centres and cars. | Semi, Micro
  Technology | Electronic computers | 3571 | Builds servers and workstations. | Computing, Machines
  Technology | Computer communications equipment | 3576 | Makes network switches and routers. | Networks, Link
  Technology | Services-computer programming | 7371 | Writes custom software for banks and insurers. | Code, Digital
  Technology | Electronic connectors | 3678 | Makes connectors for industrial electronics. | Connect, Electronics
  Health Care | Pharmaceutical preparations | 2834 | Develops and sells prescription medicines. | Pharma, Therapeutics
  Health Care | Biological products | 2836 | Develops vaccines and antibody treatments. | Bio, Biologics
  Health Care | Services-hospitals | 8062 | Runs general hospitals and clinics. | Health, Care
  Health Care | Surgical and medical instruments | 3841 | Makes surgical tools and implants. | Medical, Surgical
  Health Care | Medical laboratories | 8071 | Runs clinical testing laboratories. | Labs, Diagnostics
  Health Care | In vitro diagnostics | 2835 | Makes test kits for hospitals. | Dx, Assay
  Financials | National commercial banks | 6021 | A regional bank for households and small firms. | Bank, Bancorp
  Financials | Fire, marine and casualty insurance | 6331 | Insures homes, cars and businesses. | Insurance, Mutual
  Financials | Security brokers and dealers | 6211 | Runs a brokerage for private investors. | Securities, Markets
  Financials | Life insurance | 6311 | Sells life insurance and annuities. | Life, Assurance
  Financials | Investment advice | 6282 | Manages funds for pension plans. | Capital, Asset Management
  Industrials | Industrial machinery | 3560 | Makes pumps, compressors and gearboxes. | Industries, Machinery
  Industrials | Aircraft engines and parts | 3724 | Makes engine parts for airliners. | Aero, Aerospace
  Industrials | Trucking | 4213 | Runs a long-haul freight fleet. | Freight, Logistics
  Industrials | Construction machinery | 3531 | Makes excavators and cranes. | Heavy, Equipment
  Industrials | Heavy construction | 1600 | Builds bridges, tunnels and roads. | Construction, Builders
  Utilities | Electric services | 4911 | Generates and distributes electricity from gas plants. | Electric, Power
  Utilities | Natural gas distribution | 4924 | Distributes natural gas to homes and industry. | Gas, Utilities
  Utilities | Cogeneration services | 4991 | Runs combined heat and power plants for industry. | Thermal, Heat
  Materials | Chemicals and allied products | 2800 | Makes industrial chemicals and coatings. | Chemical, Chem
  Materials | Steel works and blast furnaces | 3312 | Makes flat steel for cars and appliances. | Steel, Metals
  Materials | Paper mills | 2621 | Makes packaging board and paper. | Paper, Pulp
  Materials | Plastics materials | 2821 | Makes resins for packaging and pipes. | Polymers, Resins
  Materials | Gold and silver ores | 1040 | Mines gold and silver. | Mining, Gold
  Energy | Crude petroleum and natural gas | 1311 | Produces oil and gas onshore. | Petroleum, Oil
  Energy | Petroleum refining | 2911 | Refines crude oil into fuels. | Refining, Fuels
  Energy | Oil and gas field services | 1389 | Drills and services oil wells. | Drilling, Oilfield
  Energy | Pipelines | 4610 | Owns oil and gas pipelines. | Pipeline, Midstream
  Consumer Staples | Food and kindred products | 2000 | Makes packaged foods. | Foods, Kitchen
  Consumer Staples | Bottled and canned soft drinks | 2086 | Bottles soft drinks and juices. | Beverages, Drinks
  Consumer Staples | Grocery stores | 5411 | Runs supermarkets. | Markets, Grocers
  Consumer Staples | Household products | 2840 | Makes detergents and personal care products. | Home, Brands
  Consumer Discretionary | Retail-variety stores | 5331 | Runs discount stores. | Stores, Retail
  Consumer Discretionary | Footwear | 3021 | Designs sports shoes. | Footwear, Athletic
  Consumer Discretionary | Hotels and motels | 7011 | Owns and runs city hotels. | Hotels, Resorts
  Consumer Discretionary | Restaurants | 5812 | Runs a chain of casual restaurants. | Dining, Grill
  Consumer Discretionary | Household furniture | 2510 | Makes home furniture. | Furniture, Living
  Communication Services | Telephone communications | 4813 | Runs mobile and fixed networks. | Telecom, Mobile
  Communication Services | Cable television | 4841 | Runs cable television and broadband. | Cable, Media
  Communication Services | Motion picture production | 7812 | Produces films and series. | Studios, Pictures
  Communication Services | Newspapers | 2711 | Publishes newspapers and news sites. | Press, Publishing
  Real Estate | Real estate investment trusts | 6798 | Owns offices and warehouses. | Realty, Properties
  Real Estate | Real estate operators | 6512 | Owns and runs shopping centres. | Estates, Land
`);

/** Green companies: the words in `does` are those the green rules match (green.ts). */
const GREEN = table(`
  Utilities | Electric services | 4911 | Builds and runs solar parks.; Runs wind power farms on land and at sea.; Sells renewable energy from hydroelectric dams. | Renewables, Power
  Technology | Semiconductors and related devices | 3674 | Makes photovoltaic cells and solar panels. | Solar, Photonics
  Industrials | Industrial machinery | 3560 | Makes wind turbine gearboxes and blades.; Makes hydrogen fuel cell stacks. | Turbines, Energy
  Industrials | Motor vehicles and car bodies | 3711 | Builds battery electric vans and trucks.; Makes electric bus fleets for cities. | Motors, Mobility
  Industrials | Railroads, line-haul operating | 4011 | Runs freight and passenger railways. | Rail, Railways
  Industrials | Railroad equipment | 3743 | Builds trains, trams and light rail vehicles. | Rolling Stock, Trains
  Consumer Discretionary | Motor vehicles and car bodies | 3711 | Designs electric vehicles and e-bike ranges.; Runs an EV charging network along highways. | Electric, Charge
  Utilities | Water supply | 4941 | Supplies drinking water to cities. | Water, Aqua
  Industrials | Fabricated pipe | 3498 | Builds water infrastructure: mains, pumps and meters.; Makes membranes for desalination plants. | Hydro, Flow
  Industrials | Industrial machinery | 3589 | Makes water treatment and wastewater systems. | Clearwater, Purification
  Industrials | Refuse systems | 4953 | Collects household and business waste. | Waste, Environmental
  Industrials | Hazardous waste management | 4955 | Treats hazardous industrial waste. | Environmental, Safety
  Materials | Secondary smelting | 3341 | Runs metal recycling plants for the circular economy. | Recycling, Metals
  Industrials | Industrial machinery | 3589 | Builds composting and waste-to-energy plants. | Cycle, Resources
`);

/** Themes of GREEN, in order: energy 0-2, transport 3-6, water 7-9, waste 10-13. */
const GREEN_THEME_OF = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3];
/** Companies per theme: with the hand-made ones each theme has at least 15 (issue 23). */
const PER_THEME = 16;
/**
 * Ten years of history (the hand-made companies have twenty): enough for every figure the screener and
 * the pages show, 10-year percentiles included, at about 60 % of the load time of twenty (bench:seed),
 * so a first start has the whole universe in about half a minute.
 */
const HISTORY_YEARS = 10;

const FIRST = [
  'Al',
  'Bel',
  'Cor',
  'Dal',
  'El',
  'Fal',
  'Gar',
  'Hal',
  'Is',
  'Jar',
  'Kel',
  'Lum',
  'Mar',
  'Nor',
  'Or',
  'Pal',
  'Ros',
  'Sel',
  'Tal',
  'Ul',
  'Ver',
  'Wel',
  'Yar',
  'Zen',
  'Quin',
  'Bri',
  'Cal',
  'Dor',
  'Fen',
  'Gil',
];
const SECOND = [
  'ora',
  'ix',
  'vent',
  'ara',
  'ova',
  'ium',
  'ex',
  'ane',
  'ero',
  'ida',
  'yx',
  'oza',
  'aq',
  'uzo',
  'eth',
  'ion',
  'ant',
  'ell',
  'ick',
  'mont',
];

const COUNTRIES: [string, string, number][] = [
  ['US', 'Demo Exchange', 52],
  ['CA', 'Demo Exchange', 6],
  ['GB', 'Demo Europe', 7],
  ['DE', 'Demo Europe', 6],
  ['FR', 'Demo Europe', 5],
  ['NL', 'Demo Europe', 3],
  ['SE', 'Demo Europe', 3],
  ['NO', 'Demo Europe', 2],
  ['DK', 'Demo Europe', 2],
  ['FI', 'Demo Europe', 2],
  ['CH', 'Demo Europe', 3],
  ['ES', 'Demo Europe', 2],
  ['IT', 'Demo Europe', 2],
  ['JP', 'Demo Pacific', 3],
  ['AU', 'Demo Pacific', 2],
];

/** The usual dividend habit and business profile of a sector, drawn per company. */
function habits(sector: string, random: () => number): { dividends: DividendPattern; profile: Profile } {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const payers = ['Utilities', 'Real Estate', 'Consumer Staples', 'Financials', 'Energy'].includes(sector);
  const growers = ['Technology', 'Health Care', 'Communication Services'].includes(sector);
  const dividends: DividendPattern = payers
    ? pick<DividendPattern>(['quarterly', 'quarterly', 'quarterly', 'monthly', 'annual'])
    : growers
      ? pick<DividendPattern>(['none', 'none', 'quarterly', 'annual'])
      : pick<DividendPattern>(['quarterly', 'quarterly', 'annual', 'none']);
  const profile: Profile = growers
    ? pick<Profile>(['growth', 'growth', 'stable', 'buyback', 'loss'])
    : ['Materials', 'Energy', 'Industrials'].includes(sector)
      ? pick<Profile>(['cyclical', 'cyclical', 'stable', 'buyback'])
      : pick<Profile>(['stable', 'stable', 'stable', 'buyback', 'growth']);
  return { dividends, profile };
}

/** A four-letter ticker with a Q or a Z from the name, not taken yet. */
function tickerFor(root: string, word: string, taken: Set<string>): string {
  const letters = `${root}${word}`.toUpperCase().replace(/[^A-Z]/g, '');
  const marks = ['Q', 'Z'];
  for (let i = 1; i < letters.length; i++) {
    for (let j = i + 1; j < letters.length; j++) {
      for (const mark of marks) {
        const ticker = `${letters[0]}${letters[i]}${letters[j]}${mark}`;
        if (!taken.has(ticker)) return ticker;
        const other = `${letters[0]}${mark}${letters[i]}${letters[j]}`;
        if (!taken.has(other)) return other;
      }
    }
  }
  throw new Error(`no ticker left for ${root} ${word}`);
}

function make(spec: IndustrySpec, n: number, taken: Set<string>, names: Set<string>): DemoCompany {
  const random = rng(seedOf(`${spec.industry}:${n}`));
  let root = '';
  let word = '';
  do {
    root = `${FIRST[Math.floor(random() * FIRST.length)]}${SECOND[Math.floor(random() * SECOND.length)]}`;
    word = spec.words[Math.floor(random() * spec.words.length)] as string;
  } while (names.has(`${root} ${word}`));
  names.add(`${root} ${word}`);
  const ticker = tickerFor(root, word, taken);
  taken.add(ticker);
  let roll = random() * 100;
  let [country, exchange] = ['US', 'Demo Exchange'];
  for (const [code, market, weight] of COUNTRIES) {
    roll -= weight;
    if (roll < 0) {
      [country, exchange] = [code, market];
      break;
    }
  }
  return {
    ticker,
    name: `${root} ${word}`,
    sector: spec.sector,
    industry: spec.industry,
    sic: spec.sic,
    ...habits(spec.sector, random),
    description: spec.does[Math.floor(random() * spec.does.length)] as string,
    country,
    exchange,
    historyYears: HISTORY_YEARS,
  };
}

/**
 * The generated companies: PER_THEME per green theme (less the hand-made ones of that theme), then the
 * rest spread over the industries up to `total`.
 */
export function generatedCompanies(
  total: number,
  handMade: readonly DemoCompany[],
  reserved: readonly string[],
): DemoCompany[] {
  const taken = new Set([...handMade.map((c) => c.ticker), ...reserved]);
  const names = new Set(handMade.map((c) => c.name));
  const out: DemoCompany[] = [];
  for (let theme = 0; theme < 4; theme++) {
    const specs = GREEN.filter((_, i) => GREEN_THEME_OF[i] === theme);
    for (let n = 0; n < PER_THEME - 3; n++) out.push(make(specs[n % specs.length] as IndustrySpec, n, taken, names));
  }
  for (let n = 0; out.length < total; n++) {
    out.push(make(INDUSTRIES[n % INDUSTRIES.length] as IndustrySpec, Math.floor(n / INDUSTRIES.length), taken, names));
  }
  return out;
}

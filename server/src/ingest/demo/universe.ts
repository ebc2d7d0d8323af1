/*
 * The demo universe: invented companies and coins only. Real tickers with made-up numbers would
 * mislead, so every demo ticker contains a Q or a Z and names are invented. Each entry says what kind
 * of history the generator makes for it (dividend pattern, growth, loss years, splits, green keywords).
 */

export type DividendPattern = 'monthly' | 'quarterly' | 'annual' | 'none';
export type Profile = 'stable' | 'growth' | 'cyclical' | 'loss' | 'buyback';

export interface DemoCompany {
  ticker: string;
  name: string;
  sector: string;
  industry: string;
  sic: string;
  dividends: DividendPattern;
  profile: Profile;
  description: string;
  /** A split: year and ratio (4 = 4:1). */
  split?: { year: number; ratio: number };
  country?: string;
}

export interface DemoCoin {
  ticker: string;
  name: string;
  launchYear: number;
  startPrice: number;
  description: string;
}

type Row = [string, string, string, string, string, DividendPattern, Profile, string];

// ticker, name, sector, industry, SIC, dividends, profile, description (green keywords drive the rules)
const ROWS: Row[] = [
  [
    'SOLQ',
    'Solquarry Power',
    'Utilities',
    'Electric services',
    '4911',
    'quarterly',
    'stable',
    'Builds and runs solar parks and sells renewable energy under long contracts.',
  ],
  [
    'WQND',
    'Windquill Energy',
    'Utilities',
    'Electric services',
    '4911',
    'quarterly',
    'growth',
    'Develops offshore wind power farms and grid storage.',
  ],
  [
    'GZTH',
    'Geozenith Heat',
    'Utilities',
    'Electric services',
    '4911',
    'annual',
    'stable',
    'Geothermal plants supplying district heating and power.',
  ],
  [
    'PHQV',
    'Photoquiver Cells',
    'Technology',
    'Semiconductors and related devices',
    '3674',
    'none',
    'loss',
    'Makes photovoltaic cells and solar modules; years of losses while it scales.',
  ],
  [
    'VOLZ',
    'Voltzoom Motors',
    'Consumer Discretionary',
    'Motor vehicles and car bodies',
    '3711',
    'none',
    'growth',
    'Designs battery electric cars and electric vehicle charging networks.',
  ],
  [
    'QRAL',
    'Quorail Transit',
    'Industrials',
    'Railroads, line-haul operating',
    '4011',
    'quarterly',
    'stable',
    'Freight and passenger railroad across the central plains.',
  ],
  [
    'ZBUS',
    'Zenbus Mobility',
    'Industrials',
    'Motor vehicles and car bodies',
    '3711',
    'none',
    'loss',
    'Builds electric bus fleets for cities.',
  ],
  [
    'AQWT',
    'Aquawhit Water',
    'Utilities',
    'Water supply',
    '4941',
    'quarterly',
    'stable',
    'Regulated water utility serving two million homes.',
  ],
  [
    'PURQ',
    'Purquell Systems',
    'Industrials',
    'Industrial machinery',
    '3589',
    'quarterly',
    'stable',
    'Water treatment and desalination equipment for municipalities.',
  ],
  [
    'ZFLO',
    'Zenflow Pipes',
    'Industrials',
    'Fabricated pipe',
    '3498',
    'annual',
    'cyclical',
    'Water infrastructure: pipes, pumps and wastewater plants.',
  ],
  [
    'RQCY',
    'Recyquill Group',
    'Industrials',
    'Refuse systems',
    '4953',
    'quarterly',
    'stable',
    'Waste management, recycling and landfill gas.',
  ],
  [
    'CZMP',
    'Compozen Organics',
    'Industrials',
    'Refuse systems',
    '4953',
    'none',
    'growth',
    'Industrial composting and the circular economy for food waste.',
  ],
  [
    'LOQP',
    'Loopquay Materials',
    'Materials',
    'Secondary smelting',
    '3341',
    'annual',
    'cyclical',
    'Metal recycling and waste-to-energy plants.',
  ],
  [
    'QNTM',
    'Quantamesh Software',
    'Technology',
    'Prepackaged software',
    '7372',
    'none',
    'growth',
    'Cloud software for factory planning.',
  ],
  [
    'ZYLO',
    'Zylotech Devices',
    'Technology',
    'Electronic computers',
    '3571',
    'quarterly',
    'stable',
    'Laptops, tablets and the services around them.',
  ],
  [
    'QBYT',
    'Quickbyte Networks',
    'Technology',
    'Computer communications equipment',
    '3576',
    'quarterly',
    'buyback',
    'Network switches; returns cash through large buybacks.',
  ],
  [
    'ZAPQ',
    'Zapquest Games',
    'Communication Services',
    'Services-prepackaged software',
    '7372',
    'none',
    'loss',
    'Mobile games studio with a hit-or-miss record.',
  ],
  [
    'MQDA',
    'Mediqda Health',
    'Health Care',
    'Pharmaceutical preparations',
    '2834',
    'quarterly',
    'stable',
    'Generic medicines for hospitals.',
  ],
  [
    'ZENB',
    'Zenbio Therapeutics',
    'Health Care',
    'Biological products',
    '2836',
    'none',
    'loss',
    'Clinical-stage biotech developing gene therapies.',
  ],
  [
    'QLIN',
    'Quolin Clinics',
    'Health Care',
    'Services-hospitals',
    '8062',
    'quarterly',
    'stable',
    'Regional hospital and clinic operator.',
  ],
  [
    'ZORT',
    'Zortho Instruments',
    'Health Care',
    'Surgical and medical instruments',
    '3841',
    'annual',
    'growth',
    'Robotic surgery instruments.',
  ],
  [
    'BQNK',
    'Bankquay Financial',
    'Financials',
    'National commercial banks',
    '6021',
    'quarterly',
    'cyclical',
    'Regional bank for small businesses and families.',
  ],
  [
    'ZINS',
    'Zinsure Holdings',
    'Financials',
    'Fire, marine and casualty insurance',
    '6331',
    'quarterly',
    'stable',
    'Property and casualty insurer.',
  ],
  [
    'QPAY',
    'Quidpay Systems',
    'Financials',
    'Services-business services',
    '7389',
    'none',
    'growth',
    'Payment processing for online shops.',
  ],
  [
    'RZIT',
    'Realzit Income',
    'Real Estate',
    'Real estate investment trusts',
    '6798',
    'monthly',
    'stable',
    'Owns shopping centres and pays its rent out monthly.',
  ],
  [
    'QRES',
    'Quresi Apartments',
    'Real Estate',
    'Real estate investment trusts',
    '6798',
    'monthly',
    'stable',
    'Apartment communities in growing cities.',
  ],
  [
    'ZDAT',
    'Zendata Towers',
    'Real Estate',
    'Real estate investment trusts',
    '6798',
    'quarterly',
    'growth',
    'Data centre and cell tower landlord.',
  ],
  [
    'QOIL',
    'Quoil Resources',
    'Energy',
    'Crude petroleum and natural gas',
    '1311',
    'quarterly',
    'cyclical',
    'Oil and gas producer with swinging profits.',
  ],
  [
    'ZREF',
    'Zerefine Petroleum',
    'Energy',
    'Petroleum refining',
    '2911',
    'quarterly',
    'loss',
    'Fuel refiner hit hard in downturns.',
  ],
  [
    'QFOD',
    'Quickfood Brands',
    'Consumer Staples',
    'Food and kindred products',
    '2000',
    'quarterly',
    'stable',
    'Packaged foods and snacks.',
  ],
  [
    'ZBEV',
    'Zestbev Drinks',
    'Consumer Staples',
    'Bottled and canned soft drinks',
    '2086',
    'quarterly',
    'buyback',
    'Soft drinks; its buybacks pushed equity below zero.',
  ],
  [
    'QMRT',
    'Quimart Stores',
    'Consumer Discretionary',
    'Retail-variety stores',
    '5331',
    'quarterly',
    'stable',
    'Discount stores in small towns.',
  ],
  [
    'ZSHO',
    'Zeshoe Apparel',
    'Consumer Discretionary',
    'Footwear',
    '3021',
    'annual',
    'cyclical',
    'Sports shoes and apparel.',
  ],
  [
    'QHTL',
    'Quaihotel Resorts',
    'Consumer Discretionary',
    'Hotels and motels',
    '7011',
    'quarterly',
    'loss',
    'Resort hotels; lost money in the travel slump.',
  ],
  [
    'ZCHM',
    'Zenchem Industries',
    'Materials',
    'Chemicals and allied products',
    '2800',
    'quarterly',
    'cyclical',
    'Specialty chemicals.',
  ],
  [
    'QSTL',
    'Questeel Works',
    'Materials',
    'Steel works and blast furnaces',
    '3312',
    'annual',
    'cyclical',
    'Steel mills and rolling.',
  ],
  [
    'ZAER',
    'Zaero Dynamics',
    'Industrials',
    'Aircraft engines and parts',
    '3724',
    'quarterly',
    'stable',
    'Aircraft engine parts and maintenance.',
  ],
  [
    'QTEL',
    'Quatel Communications',
    'Communication Services',
    'Telephone communications',
    '4813',
    'quarterly',
    'stable',
    'Phone and broadband carrier.',
  ],
  [
    'ZMED',
    'Zenmedia Studios',
    'Communication Services',
    'Motion picture production',
    '7812',
    'none',
    'growth',
    'Streaming films and series.',
  ],
  ['QLOG', 'Quiklog Freight', 'Industrials', 'Trucking', '4213', 'quarterly', 'cyclical', 'Trucking and logistics.'],
  [
    'ZFAB',
    'Zenfab Semis',
    'Technology',
    'Semiconductors and related devices',
    '3674',
    'quarterly',
    'growth',
    'Chip foundry for car and phone makers.',
  ],
  [
    'QAGR',
    'Quagri Farms',
    'Consumer Staples',
    'Agricultural production-crops',
    '100',
    'annual',
    'cyclical',
    'Grain and fruit farms.',
  ],
];

export const DEMO_COMPANIES: DemoCompany[] = ROWS.map(
  ([ticker, name, sector, industry, sic, dividends, profile, description]) => ({
    ticker,
    name,
    sector,
    industry,
    sic,
    dividends,
    profile,
    description,
    country: 'US',
    ...(ticker === 'ZYLO' ? { split: { year: 2014, ratio: 7 } } : {}),
    ...(ticker === 'ZFAB' ? { split: { year: 2021, ratio: 4 } } : {}),
    ...(ticker === 'QNTM' ? { split: { year: 2018, ratio: 2 } } : {}),
  }),
);

export const DEMO_COINS: DemoCoin[] = [
  {
    ticker: 'QBTZ',
    name: 'Quibitz',
    launchYear: 2010,
    startPrice: 0.08,
    description: 'The first invented coin of the demo.',
  },
  {
    ticker: 'ZETQ',
    name: 'Zetaquin',
    launchYear: 2015,
    startPrice: 1.2,
    description: 'A smart-contract platform coin.',
  },
  { ticker: 'QLUM', name: 'Qlumen', launchYear: 2017, startPrice: 0.35, description: 'A payments coin.' },
  { ticker: 'ZORB', name: 'Zorbit', launchYear: 2018, startPrice: 2.5, description: 'A storage network token.' },
  { ticker: 'QDOG', name: 'Quidoge', launchYear: 2013, startPrice: 0.0004, description: 'A meme coin.' },
  {
    ticker: 'ZSTB',
    name: 'Zestable',
    launchYear: 2019,
    startPrice: 1,
    description: 'A coin that swings less than the others.',
  },
  { ticker: 'QRIV', name: 'Qriver', launchYear: 2020, startPrice: 4, description: 'A cross-chain bridge token.' },
  { ticker: 'ZNOV', name: 'Zenova', launchYear: 2021, startPrice: 12, description: 'A gaming token.' },
];

const SYNTHETIC_SECTORS: [string, string, string][] = [
  ['Technology', 'Prepackaged software', '7372'],
  ['Health Care', 'Pharmaceutical preparations', '2834'],
  ['Financials', 'National commercial banks', '6021'],
  ['Industrials', 'Industrial machinery', '3560'],
  ['Consumer Staples', 'Food and kindred products', '2000'],
  ['Utilities', 'Electric services', '4911'],
  ['Energy', 'Crude petroleum and natural gas', '1311'],
  ['Real Estate', 'Real estate investment trusts', '6798'],
];
const PATTERNS: DividendPattern[] = ['quarterly', 'none', 'quarterly', 'monthly', 'annual', 'quarterly'];
const PROFILES: Profile[] = ['stable', 'growth', 'cyclical', 'stable', 'loss', 'buyback', 'stable'];

/** Invented ticker for the n-th synthetic company: 'Z' + four letters (ZAAAA, ZAAAB, ...). */
function syntheticTicker(n: number): string {
  let s = '';
  for (let i = 0, v = n; i < 4; i++, v = Math.floor(v / 26)) s = String.fromCharCode(65 + (v % 26)) + s;
  return `Z${s}`;
}

/** The hand-made companies, then synthetic ones up to `count` (benchmarks: thousands of them). */
export function demoCompanies(count = DEMO_COMPANIES.length): DemoCompany[] {
  const out = DEMO_COMPANIES.slice(0, count);
  for (let n = 0; out.length < count; n++) {
    const [sector, industry, sic] = SYNTHETIC_SECTORS[n % SYNTHETIC_SECTORS.length] as [string, string, string];
    const ticker = syntheticTicker(n);
    out.push({
      ticker,
      name: `Synthetic ${sector} ${ticker}`,
      sector,
      industry,
      sic,
      dividends: PATTERNS[n % PATTERNS.length] as DividendPattern,
      profile: PROFILES[n % PROFILES.length] as Profile,
      description: 'A generated company for benchmarks.',
      country: 'US',
    });
  }
  return out;
}

import { splitCsvLine } from './sources/csv.ts';

/*
 * Green flags by a transparent rule set (docs/green-rules.md): SIC codes and keywords in the industry,
 * name or description, plus a CSV of overrides that win over the rules. The rule that set each flag
 * is stored (securities.green_rules), so the API can show why a company is green.
 */

export const GREEN_FLAGS = ['isGreenEnergy', 'isGreenTransport', 'isGreenWater', 'isGreenWaste'] as const;
export type GreenFlag = (typeof GREEN_FLAGS)[number];

export interface GreenRule {
  id: string;
  flag: GreenFlag;
  /** SIC codes this rule needs (any of them), or none. */
  sic?: string[];
  /** Whole-word keywords, any of which must appear in industry, name or description. */
  keywords?: string[];
}

export const GREEN_RULES: GreenRule[] = [
  {
    id: 'energy-keywords',
    flag: 'isGreenEnergy',
    keywords: [
      'solar',
      'photovoltaic',
      'wind power',
      'wind turbine',
      'geothermal',
      'hydroelectric',
      'renewable energy',
      'hydrogen fuel cell',
      'fuel cells',
    ],
  },
  { id: 'energy-semiconductors-solar', flag: 'isGreenEnergy', sic: ['3674'], keywords: ['solar', 'photovoltaic'] },
  {
    id: 'transport-keywords',
    flag: 'isGreenTransport',
    keywords: [
      'electric vehicle',
      'electric vehicles',
      'ev charging',
      'electric bus',
      'e-bike',
      'electric bicycles',
      'battery electric',
      'light rail',
    ],
  },
  { id: 'transport-rail', flag: 'isGreenTransport', sic: ['4011', '4013', '3743'] },
  { id: 'water-utilities', flag: 'isGreenWater', sic: ['4941'] },
  {
    id: 'water-keywords',
    flag: 'isGreenWater',
    keywords: [
      'water treatment',
      'water purification',
      'desalination',
      'water utility',
      'water infrastructure',
      'wastewater',
    ],
  },
  { id: 'waste-services', flag: 'isGreenWaste', sic: ['4953', '4955'] },
  {
    id: 'waste-keywords',
    flag: 'isGreenWaste',
    keywords: ['recycling', 'waste management', 'circular economy', 'composting', 'waste-to-energy'],
  },
];

export interface GreenInput {
  ticker: string;
  sicCode?: string | null;
  industry?: string | null;
  name?: string | null;
  description?: string | null;
}

export interface GreenOverride {
  ticker: string;
  flag: GreenFlag;
  value: boolean;
  reason: string;
}

export type GreenResult = Record<GreenFlag, boolean> & { rules: Partial<Record<GreenFlag, string>> };

const wordMatch = (text: string, keyword: string) =>
  new RegExp(`(^|[^a-z])${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z])`).test(text);

function ruleMatches(rule: GreenRule, input: GreenInput, text: string): boolean {
  if (rule.sic && !(input.sicCode && rule.sic.includes(input.sicCode))) return false;
  if (rule.keywords && !rule.keywords.some((k) => wordMatch(text, k))) return false;
  return Boolean(rule.sic || rule.keywords);
}

/** The four flags for a company and, for each flag set (or cleared by an override), why. */
export function greenFlags(input: GreenInput, overrides: readonly GreenOverride[] = []): GreenResult {
  const text = [input.industry, input.name, input.description].filter(Boolean).join(' ').toLowerCase();
  const result: GreenResult = {
    isGreenEnergy: false,
    isGreenTransport: false,
    isGreenWater: false,
    isGreenWaste: false,
    rules: {},
  };
  for (const rule of GREEN_RULES) {
    if (result[rule.flag] || !ruleMatches(rule, input, text)) continue;
    result[rule.flag] = true;
    result.rules[rule.flag] = `rule:${rule.id}`;
  }
  for (const o of overrides) {
    if (o.ticker !== input.ticker.toUpperCase()) continue;
    result[o.flag] = o.value;
    result.rules[o.flag] = `override:${o.reason || (o.value ? 'set' : 'cleared')}`;
  }
  return result;
}

/** Overrides CSV: Ticker,Flag,Value,Reason (Flag one of the four names, Value 1/0 or true/false). */
export function parseGreenOverrides(text: string): { overrides: GreenOverride[]; errors: string[] } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const overrides: GreenOverride[] = [];
  const errors: string[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const [ticker, flag, value, reason = ''] = splitCsvLine(line);
    const v = value?.toLowerCase();
    if (!ticker) errors.push(`line ${i + 2}: no ticker`);
    else if (!GREEN_FLAGS.includes(flag as GreenFlag))
      errors.push(`line ${i + 2}: unknown flag ${JSON.stringify(flag)}`);
    else if (!['1', '0', 'true', 'false'].includes(v ?? ''))
      errors.push(`line ${i + 2}: value must be 1, 0, true or false`);
    else
      overrides.push({
        ticker: ticker.toUpperCase(),
        flag: flag as GreenFlag,
        value: v === '1' || v === 'true',
        reason,
      });
  }
  return { overrides, errors };
}

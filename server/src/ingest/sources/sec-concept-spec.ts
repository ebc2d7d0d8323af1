/*
 * The shape of a line item's concept chain (sec-concepts.ts) and the helpers the chains are written with.
 */

export type LineItemKind = 'flow' | 'instant';
export type UnitKind = 'money' | 'perShare' | 'shares';

export interface LineItemSpec {
  item: string;
  kind: LineItemKind;
  unit: UnitKind;
  /** 'taxonomy:Concept' or a bare us-gaap concept. */
  concepts: string[];
}

export const ifrs = (...names: string[]) => names.map((name) => `ifrs-full:${name}`);
export const flow = (item: string, ...concepts: string[]): LineItemSpec => ({
  item,
  kind: 'flow',
  unit: 'money',
  concepts,
});
export const instant = (item: string, ...concepts: string[]): LineItemSpec => ({
  item,
  kind: 'instant',
  unit: 'money',
  concepts,
});

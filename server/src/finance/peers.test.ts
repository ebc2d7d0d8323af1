import { describe, expect, it } from 'vitest';
import { choosePeers, type PeerCandidate } from './peers.ts';

let nextId = 1;
const company = (
  ticker: string,
  industry: string | null,
  marketCap: number | null,
  sector = 'Tech',
): PeerCandidate => ({
  id: nextId++,
  ticker,
  sector,
  industry,
  marketCap,
});
const tickers = (list: readonly PeerCandidate[]) => list.map((c) => c.ticker);

describe('choosePeers', () => {
  const self = company('SELF', 'Chips', 10e9);

  it('takes the same industry nearest by log market cap, at most eight, never the company itself', () => {
    const chips = [
      company('C20B', 'Chips', 20e9),
      company('C5B', 'Chips', 5e9),
      company('C11B', 'Chips', 11e9),
      company('C1T', 'Chips', 5e11),
      company('C100M', 'Chips', 100e6),
      company('C3B', 'Chips', 3e9),
      company('C40B', 'Chips', 40e9),
      company('C2B', 'Chips', 2e9),
      company('C60B', 'Chips', 60e9),
    ];
    const soft = company('SOFT', 'Software', 10e9);
    expect(tickers(choosePeers(self, [self, soft, ...chips]))).toEqual([
      'C11B',
      'C20B', // log distance ln 2, the same as C5B: by ticker
      'C5B',
      'C3B',
      'C40B',
      'C2B',
      'C60B',
      'C1T',
    ]);
  });

  it('fills from the sector when the industry has fewer than five, never from another sector', () => {
    const list = [
      company('CHIP', 'Chips', 9e9),
      company('SOFT1', 'Software', 1e9),
      company('SOFT2', 'Software', 12e9),
      company('HARD', 'Hardware', 50e9),
      company('BANK', 'Banks', 10e9, 'Financials'),
    ];
    expect(tickers(choosePeers(self, list))).toEqual(['CHIP', 'SOFT2', 'HARD', 'SOFT1']);
  });

  it('puts companies without a market cap last', () => {
    const list = [company('NOCAP', 'Chips', null), company('FAR', 'Chips', 1e6), company('NEAR', 'Chips', 9e9)];
    expect(tickers(choosePeers(self, list))).toEqual(['NEAR', 'FAR', 'NOCAP']);
  });

  it('orders by size, largest first, when the company has no market cap itself', () => {
    const unknown = company('UNK', 'Chips', null);
    const list = [company('SMALL', 'Chips', 1e9), company('BIG', 'Chips', 1e11), company('NONE', 'Chips', null)];
    expect(tickers(choosePeers(unknown, list))).toEqual(['BIG', 'SMALL', 'NONE']);
  });

  it('has no peers without an industry or sector', () => {
    const loner = { ...company('LONE', null, 1e9), sector: null };
    expect(choosePeers(loner, [company('A', 'Chips', 1e9)])).toEqual([]);
  });
});

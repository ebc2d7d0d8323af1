/*
 * A coin's market capitalisation and fully diluted valuation from its price and supply (issue 22), as
 * CoinGecko and CoinMarketCap define them: market cap = price x circulating supply; fully diluted
 * valuation = price x maximum supply, or x total supply for a coin without a cap (none without either).
 */
export interface CoinSupplyFigures {
  marketCap: number | null;
  fullyDilutedValuation: number | null;
}

export function coinValuation(
  close: number | null,
  supply: { circulating: number | null; total: number | null; max: number | null } | null,
): CoinSupplyFigures {
  if (close == null || supply == null) return { marketCap: null, fullyDilutedValuation: null };
  const diluted = supply.max ?? supply.total;
  return {
    marketCap: supply.circulating == null ? null : close * supply.circulating,
    fullyDilutedValuation: diluted == null ? null : close * diluted,
  };
}

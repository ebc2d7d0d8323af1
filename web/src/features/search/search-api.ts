/* The search's API lives in api/ (the price chart's compare box suggests tickers with it too). */
export {
  fetchCompanySearch,
  SEARCH_LIMIT,
  type SearchResult,
  type SearchState,
  useCompanySearch,
} from '../../api/company-search.ts';

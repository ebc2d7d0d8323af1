/*
 * OData 4.01 system query option names are case-insensitive and their "$" is optional (Part 2, 5: "OData
 * 4.01 services MUST support case-insensitive system query option names specified with or without the $
 * prefix"; the ABNF's `filter = ( "$filter" / "filter" ) EQ boolCommonExpr`). So `filter=`, `Top=` and
 * `$ORDERBY=` are the options they name, never custom parameters to ignore. Each is given its canonical
 * name before the query is validated; one the API does not support (`expand=`) is then refused like
 * `$expand=`.
 */
const SYSTEM_OPTIONS = [
  'apply',
  'compute',
  'count',
  'deltatoken',
  'expand',
  'filter',
  'format',
  'id',
  'index',
  'levels',
  'orderby',
  'schemaversion',
  'search',
  'select',
  'skip',
  'skiptoken',
  'top',
];

/** The canonical `$name` of a system query option, whatever its case and with or without "$"; else undefined. */
export function systemOptionName(name: string): string | undefined {
  const bare = (name.startsWith('$') ? name.slice(1) : name).toLowerCase();
  return SYSTEM_OPTIONS.includes(bare) ? `$${bare}` : undefined;
}

/** An option given twice under two spellings: the route answers 400 naming the parameter. */
export class RepeatedOptionError extends Error {
  constructor(
    readonly parameter: string,
    readonly detail: string,
  ) {
    super(`Invalid query parameter "${parameter}": ${detail}`);
    this.name = 'RepeatedOptionError';
  }
}

/**
 * The query with every system option under its canonical name. An option given twice under two spellings
 * (`$top=5&top=9`) is refused (RepeatedOptionError, naming both): the spec allows each once.
 */
export function canonicalODataQuery(query: Record<string, unknown>): Record<string, unknown> {
  const canonical: Record<string, unknown> = {};
  const spelledAs = new Map<string, string>();
  for (const [name, value] of Object.entries(query)) {
    const option = systemOptionName(name) ?? name;
    const earlier = spelledAs.get(option);
    if (earlier !== undefined)
      throw new RepeatedOptionError(name, `is the option ${option} again (given as "${earlier}" too); give it once`);
    spelledAs.set(option, name);
    canonical[option] = value;
  }
  return canonical;
}

/** The query string of `url` with the option `$skip` (however it was spelled) set to `skip`: the next page. */
export function withSkip(url: string, skip: number): string {
  const at = url.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  for (const name of [...params.keys()]) if (systemOptionName(name) === '$skip') params.delete(name);
  params.set('$skip', String(skip));
  return `${at < 0 ? url : url.slice(0, at)}?${params.toString()}`;
}

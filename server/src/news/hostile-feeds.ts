/*
 * Feeds an attacker or a careless publisher serves, built at any size: for the hostile-feed suite
 * (hostile-feeds.test.ts) and the feed bench (bench/feeds.ts). Real RSS documents, so they go through
 * the same fetch, decode and parse as any feed.
 */

const rss = (items: string, title = 'Hostile') =>
  `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>${title}</title><link>https://hostile.example/</link>${items}</channel></rss>\n`;

const SHELL = rss('<item><title>Deep</title><guid>deep</guid><description><![CDATA[]]></description></item>');

/** One item whose summary is `<b>` nested unclosed until the document is `bytes` long (issue 21: 1.8 MB). */
export function nestedTagsFeed(bytes: number): string {
  const tags = Math.max(0, Math.floor((bytes - SHELL.length) / 3));
  return rss(
    `<item><title>Deep</title><guid>deep</guid><description><![CDATA[${'<b>'.repeat(tags)}]]></description></item>`,
  );
}

/** Items with 2.4 kB summaries until the document is about `bytes` long (issue 21: 50 MB at the maximum). */
export function manyItemsFeed(bytes: number): string {
  const summary = `&lt;p&gt;${'Rates, oil and chips moved the market today. '.repeat(54)}&lt;/p&gt;`;
  const parts: string[] = [];
  let size = SHELL.length;
  for (let i = 0; size < bytes; i++) {
    const item = `<item><title>Item ${i}</title><link>https://hostile.example/${i}</link><guid>i${i}</guid><description>${summary}</description></item>`;
    parts.push(item);
    size += item.length;
  }
  return rss(parts.join(''), 'Many items');
}

/** Entity expansion, declared in the DOCTYPE: ten levels of ten (10^10 "lol"s if anything expanded it). */
export function billionLaughsFeed(): string {
  const levels = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 10; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE rss [\n${levels.join('\n')}\n]>\n<rss version="2.0"><channel><title>&lol10;</title></channel></rss>\n`;
}

/** An external entity (XXE) and an external DTD pointing at `url`: a parser that fetched them would ask it. */
export function externalEntityFeed(url: string): string {
  return `<?xml version="1.0"?>\n<!DOCTYPE rss SYSTEM "${url}/evil.dtd" [<!ENTITY xxe SYSTEM "${url}/secret">]>\n<rss version="2.0"><channel><title>&xxe;</title></channel></rss>\n`;
}

/** An external DTD only (no declaration inside): accepted, and the DTD is never fetched. */
export function externalDtdFeed(url: string): string {
  return `<?xml version="1.0"?>\n<!DOCTYPE rss SYSTEM "${url}/evil.dtd">\n${rss('<item><title>Fine &amp; dandy</title><guid>dtd</guid></item>', 'External DTD').replace(/^<\?xml[^>]*>\n/, '')}`;
}

/** A parameter entity pulling a remote DTD into the internal subset. */
export function parameterEntityFeed(url: string): string {
  return `<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY % remote SYSTEM "${url}/evil.dtd"> %remote;]>\n<rss version="2.0"><channel><title>P</title></channel></rss>\n`;
}

/** Quadratic blow-up without a DOCTYPE: one entity reference, many times, in a title (nothing to expand). */
export function manyReferencesFeed(bytes: number): string {
  return rss(`<item><title>${'&amp;'.repeat(Math.floor(bytes / 5))}</title><guid>refs</guid></item>`);
}

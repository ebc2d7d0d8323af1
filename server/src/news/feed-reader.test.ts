import { afterEach, describe, expect, it } from 'vitest';
import { FeedBudgetError, type FeedReader, openFeedReader } from './feed-reader.ts';
import { manyItemsFeed } from './hostile-feeds.ts';

const small =
  '<rss version="2.0"><channel><title>Small</title><item><title>One</title><guid>1</guid></item></channel></rss>';
const limits = { fetchTimeoutMs: 5_000, parseTimeoutMs: 30_000, memoryMb: 64 };

// Generous timeout: each read may start a thread on a busy machine; nothing here asserts a time.
describe('feed reader threads', { timeout: 120_000 }, () => {
  let reader: FeedReader | undefined;
  afterEach(async () => {
    await reader?.close();
    reader = undefined;
  });

  it('reads a document on its thread and says when the reading starts', async () => {
    reader = openFeedReader(limits);
    let reading = 0;
    const read = await reader.read({ kind: 'parse', url: 'https://feed.example/rss', body: small }, () => reading++);
    expect(read).toMatchObject({ status: 'ok', feed: { format: 'rss2', title: 'Small', items: [{ title: 'One' }] } });
    expect(reading).toBe(1);
    // The same thread reads the next one.
    expect(await reader.read({ kind: 'parse', url: 'https://feed.example/rss', body: small })).toMatchObject({
      status: 'ok',
    });
  });

  it("passes a feed's own error on as it is", async () => {
    reader = openFeedReader(limits);
    await expect(reader.read({ kind: 'parse', url: 'https://feed.example/x', body: '<rss>' })).rejects.toThrow(
      /^not well-formed XML/,
    );
  });

  it('ends a read over its time budget with a FeedBudgetError naming the setting', async () => {
    reader = openFeedReader({ ...limits, parseTimeoutMs: 1 });
    const read = reader.read({ kind: 'parse', url: 'https://feed.example/big', body: manyItemsFeed(5_000_000) });
    await expect(read).rejects.toThrow(FeedBudgetError);
    await expect(read).rejects.toThrow('reading the feed took longer than 1 ms (FEED_PARSE_TIMEOUT_MS)');
  });

  it('ends a read over its memory budget, and reads the next feed on a new thread', async () => {
    reader = openFeedReader({ ...limits, memoryMb: 32 });
    const read = reader.read({ kind: 'parse', url: 'https://feed.example/big', body: manyItemsFeed(20_000_000) });
    await expect(read).rejects.toThrow('reading the feed needed more than 32 MB (FEED_WORKER_MEMORY_MB)');
    expect(await reader.read({ kind: 'parse', url: 'https://feed.example/rss', body: small })).toMatchObject({
      status: 'ok',
      feed: { title: 'Small' },
    });
  });

  it('fetches over the network on its thread with the fetch settings it is given', async () => {
    reader = openFeedReader(limits);
    // Loopback is refused unless allowed: the thread applies the same request-forgery rules.
    const job = {
      kind: 'fetch' as const,
      url: 'http://127.0.0.1:9/feed',
      page: false,
      conditional: {},
      fetch: { allowLoopback: false, timeoutMs: 2_000, maxBytes: 10_000 },
    };
    await expect(reader.read(job)).rejects.toThrow(/127\.0\.0\.1 resolves to a loopback address/);
  });
});

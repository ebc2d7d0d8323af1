import type { AnalyticsEventName } from '@app/contract';

/*
 * One analytics module for the whole app. Events go to every registered sink; the first sink is the
 * server's own POST /api/events (no third party). Do-Not-Track and Global Privacy Control are honoured
 * here and again on the server.
 */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  path: string;
  props?: Record<string, string | number | boolean>;
}

export type AnalyticsSink = (event: AnalyticsEvent) => void | Promise<void>;

const sinks = new Set<AnalyticsSink>();

export function addAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export function trackingAllowed(nav: Pick<Navigator, 'doNotTrack'> & { globalPrivacyControl?: boolean }): boolean {
  return nav.doNotTrack !== '1' && nav.globalPrivacyControl !== true;
}

export function track(event: AnalyticsEvent): void {
  if (typeof navigator !== 'undefined' && !trackingAllowed(navigator)) return;
  for (const sink of sinks) {
    try {
      const result = sink(event);
      if (result instanceof Promise) result.catch(() => undefined);
    } catch {
      // An analytics sink never breaks the page.
    }
  }
}

/** The first-party sink. keepalive lets the request finish when the page is being left. */
export const firstPartySink: AnalyticsSink = async (event) => {
  await fetch('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
  });
};

export function trackPageView(path: string): void {
  track({ name: 'page_view', path });
}

import { describe, expect, it } from 'vitest';
import { onlyAddsLanguagePrefix, shouldShowRouteOverlay } from './route-overlay.ts';

describe('the route-change overlay rule (spec 2)', () => {
  it('is hidden when no change is in progress', () => {
    expect(shouldShowRouteOverlay('idle', '/', '/stocks/ACME')).toBe(false);
  });

  it('shows while a change to another page is loading', () => {
    expect(shouldShowRouteOverlay('loading', '/', '/stocks/ACME')).toBe(true);
    expect(shouldShowRouteOverlay('loading', '/de/stocks/ACME', '/stocks/ACME')).toBe(true);
    expect(shouldShowRouteOverlay('submitting', '/', undefined)).toBe(true);
  });

  it('stays hidden when the change only adds a language prefix', () => {
    expect(shouldShowRouteOverlay('loading', '/stocks/ACME', '/de/stocks/ACME')).toBe(false);
    expect(shouldShowRouteOverlay('loading', '/', '/el')).toBe(false);
  });

  it('shows when the prefix changes from one language to another, or is removed', () => {
    expect(onlyAddsLanguagePrefix('/de/stocks/ACME', '/fr/stocks/ACME')).toBe(false);
    expect(onlyAddsLanguagePrefix('/de/stocks/ACME', '/stocks/ACME')).toBe(false);
  });

  it('shows when a prefix is added and the page changes too', () => {
    expect(shouldShowRouteOverlay('loading', '/stocks/ACME', '/de/stocks/BETA')).toBe(true);
  });
});

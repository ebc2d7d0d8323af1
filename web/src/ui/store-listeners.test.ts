import { describe, expect, it, vi } from 'vitest';
import { storeListeners } from './store-listeners.ts';

describe('store listeners', () => {
  it('calls every subscribed listener on each emit', () => {
    const { subscribe, emit } = storeListeners();
    const first = vi.fn();
    const second = vi.fn();
    subscribe(first);
    subscribe(second);
    emit();
    emit();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('stops calling a listener once it unsubscribed, and keeps the others', () => {
    const { subscribe, emit } = storeListeners();
    const leaving = vi.fn();
    const staying = vi.fn();
    const unsubscribe = subscribe(leaving);
    subscribe(staying);
    unsubscribe();
    emit();
    expect(leaving).not.toHaveBeenCalled();
    expect(staying).toHaveBeenCalledTimes(1);
  });

  it('lets a listener unsubscribe itself while being called', () => {
    const { subscribe, emit } = storeListeners();
    const once = vi.fn(() => unsubscribe());
    const unsubscribe = subscribe(once);
    const other = vi.fn();
    subscribe(other);
    emit();
    emit();
    expect(once).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(2);
  });

  it("keeps each store's listeners to itself", () => {
    const a = storeListeners();
    const b = storeListeners();
    const listener = vi.fn();
    a.subscribe(listener);
    b.emit();
    expect(listener).not.toHaveBeenCalled();
  });
});

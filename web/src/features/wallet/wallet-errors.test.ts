import { describe, expect, it } from 'vitest';
import { walletErrorKind } from './wallet-errors.ts';

describe('wallet errors (spec 8)', () => {
  it('4001 is a rejected request, also when wrapped', () => {
    expect(walletErrorKind({ code: 4001 })).toBe('rejected');
    expect(walletErrorKind(new Error('outer', { cause: { code: 4001 } }))).toBe('rejected');
  });
  it('-32002 is a request already pending', () => {
    expect(walletErrorKind({ code: -32002 })).toBe('pending');
  });
  it('4902 is an unknown chain', () => {
    expect(walletErrorKind({ code: 4902 })).toBe('unknown-chain');
  });
  it('an already connected connector is recognised by name', () => {
    const error = Object.assign(new Error('Connector already connected.'), { name: 'ConnectorAlreadyConnectedError' });
    expect(walletErrorKind(error)).toBe('already-connected');
  });
  it('anything else is other', () => {
    expect(walletErrorKind(new Error('boom'))).toBe('other');
    expect(walletErrorKind(null)).toBe('other');
  });
});

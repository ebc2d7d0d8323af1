import { describe, expect, it } from 'vitest';
import { classifyAddress, embeddedIpv4, isAllowedAddress } from './address-guard.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['169.254.10.20', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['169.254.169.254', 'cloud-metadata'],
    ['100.100.100.200', 'cloud-metadata'],
    ['168.63.129.16', 'cloud-metadata'],
    ['fd00:ec2::254', 'cloud-metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'cloud-metadata'],
    ['::ffff:100.64.1.1', 'carrier-grade-nat'],
    // IPv4-translated (SIIT), whatever IPv4 address it carries (issue 34).
    ['::ffff:0:127.0.0.1', 'reserved'],
    ['::ffff:0:8.8.8.8', 'reserved'],
    ['::ffff:0:0:0', 'reserved'],
    ['::ffff:0:ffff:ffff', 'reserved'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'cloud-metadata'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:7f00:0001::', 'loopback'],
    ['2002:0808:0808::1', 'public'],
  ])('embedded IPv4 %s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('refuses text that is not an address', () => {
    expect(() => classifyAddress('example.com')).toThrow(/not an IP address/);
  });
});

describe('embeddedIpv4', () => {
  it('reads mapped, NAT64 and 6to4 forms and ignores plain IPv6', () => {
    expect(embeddedIpv4('::ffff:c0a8:0101')).toBe('192.168.1.1');
    expect(embeddedIpv4('64:ff9b::808:808')).toBe('8.8.8.8');
    expect(embeddedIpv4('2002:0a00:0001::5')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
    expect(embeddedIpv4('::1')).toBeNull();
  });
});

describe('isAllowedAddress', () => {
  it('allows public addresses and loopback only when asked', () => {
    expect(isAllowedAddress('8.8.8.8', false)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
  });

  it('never allows private, link-local or metadata addresses, even with loopback allowed', () => {
    for (const address of ['10.0.0.1', '192.168.0.1', '169.254.169.254', 'fd00:ec2::254', '100.64.0.1', '::']) {
      expect(isAllowedAddress(address, true)).toBe(false);
    }
  });
});

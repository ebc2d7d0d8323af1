import { BlockList, isIP } from 'node:net';

/*
 * Which IP addresses the feed fetcher may connect to (server-side request forgery guard).
 * Anything that reaches this machine, the local network, a carrier's NAT or a cloud metadata service
 * is refused; IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, IPv4-compatible) are judged
 * by the IPv4 address inside them. Sources: the IANA IPv4 and IPv6 special-purpose address registries.
 */

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade-nat'
  | 'cloud-metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

interface Range {
  cls: Exclude<AddressClass, 'public'>;
  v4?: [string, number][];
  v6?: [string, number][];
}

// Order matters: the first match names the class (metadata before link-local / private).
const RANGES: Range[] = [
  {
    cls: 'cloud-metadata',
    // AWS/GCP/Azure/OpenStack 169.254.169.254, Alibaba 100.100.100.200, Azure wireserver, AWS IPv6.
    v4: [
      ['169.254.169.254', 32],
      ['100.100.100.200', 32],
      ['168.63.129.16', 32],
    ],
    v6: [['fd00:ec2::254', 128]],
  },
  { cls: 'unspecified', v4: [['0.0.0.0', 8]], v6: [['::', 128]] },
  { cls: 'loopback', v4: [['127.0.0.0', 8]], v6: [['::1', 128]] },
  {
    cls: 'private',
    v4: [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
    // Unique local addresses, and the deprecated site-local range.
    v6: [
      ['fc00::', 7],
      ['fec0::', 10],
    ],
  },
  { cls: 'link-local', v4: [['169.254.0.0', 16]], v6: [['fe80::', 10]] },
  { cls: 'carrier-grade-nat', v4: [['100.64.0.0', 10]] },
  { cls: 'multicast', v4: [['224.0.0.0', 4]], v6: [['ff00::', 8]] },
  {
    cls: 'reserved',
    v4: [
      ['192.0.0.0', 24], // IETF protocol assignments
      ['192.0.2.0', 24], // documentation
      ['192.88.99.0', 24], // 6to4 relay anycast
      ['198.18.0.0', 15], // benchmarking
      ['198.51.100.0', 24], // documentation
      ['203.0.113.0', 24], // documentation
      ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
    ],
    v6: [
      ['::ffff:0:0:0', 96], // IPv4-translated (SIIT, RFC 2765): never on the Internet, whatever IPv4 it holds
      ['64:ff9b:1::', 48], // local-use NAT64
      ['100::', 64], // discard-only
      ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
      ['2001:db8::', 32], // documentation
      ['3fff::', 20], // documentation
      ['5f00::', 16], // segment routing SIDs
    ],
  },
];

const LISTS = RANGES.map((range) => {
  const list = new BlockList();
  for (const [net, prefix] of range.v4 ?? []) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of range.v6 ?? []) list.addSubnet(net, prefix, 'ipv6');
  return { cls: range.cls, list };
});

/** The class of an IP address (v4 or v6, as text). Throws on text that is not an address. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  if (family === 6) {
    const embedded = embeddedIpv4(bare);
    if (embedded !== null) return classifyAddress(embedded);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { cls, list } of LISTS) if (list.check(bare, type)) return cls;
  return 'public';
}

/** May the fetcher connect to this address? Loopback only when the operator allowed it (tests, demo). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const cls = classifyAddress(address);
  return cls === 'public' || (cls === 'loopback' && allowLoopback);
}

/**
 * The IPv4 address inside an IPv6 one, for the forms that route to it: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d, deprecated), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/16).
 */
export function embeddedIpv4(ipv6: string): string | null {
  const words = expandIpv6(ipv6);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6] ?? 0, words[7] ?? 0);
  // ::a.b.c.d, but not :: and ::1 themselves (classified as IPv6 unspecified / loopback).
  if (zeros(0, 6) && ((words[6] ?? 0) !== 0 || (words[7] ?? 0) > 1)) return v4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x2002) return v4(words[1] ?? 0, words[2] ?? 0);
  return null;
}

/** Eight 16-bit words of an IPv6 address (handles '::' and a dotted IPv4 tail). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const parts = dotted[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = parts;
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headWords = head === '' ? [] : head.split(':');
  const tailWords = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = 8 - headWords.length - tailWords.length;
  if (fill < 0 || (tail === undefined && fill !== 0)) return null;
  const words = [...headWords, ...Array<string>(fill).fill('0'), ...tailWords].map((w) => Number.parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

import { getAddress } from 'viem';

/**
 * EIP-4361 (Sign-In with Ethereum) messages: a strict parser and a formatter that share one set of
 * field rules. viem's own parseSiweMessage is lenient (it returns whatever it can match), which would
 * let out-of-order or malformed messages through, so the server uses this one; the official test
 * vectors (../shared/fixtures/siwe) are run against it.
 */
export interface SiweFields {
  /** Only when the first line names it ("https://example.com wants you to ..."). */
  scheme?: string;
  domain: string;
  /** EIP-55 checksummed. */
  address: string;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

export class SiweMessageError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'SiweMessageError';
  }
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';
// RFC 3986 authority: [userinfo "@"] host [":" port]; host is an IP literal, IPv4 or a reg-name.
const AUTHORITY =
  /^(?:(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*@)?(?:\[[0-9A-Fa-f:.]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+)(?::\d*)?$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
// RFC 3986 URI: a scheme, a colon, then URI characters only (no spaces, no controls).
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;
const NONCE = /^[A-Za-z0-9]{8,}$/;
const REQUEST_ID = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/i;

/** RFC 3339 date-time, with a real calendar date (2022-02-31 is refused). */
export function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 61
  );
}

function isChecksummed(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  return getAddress(address) === address;
}

/** Throws a SiweMessageError naming the first field that breaks EIP-4361. */
export function validateSiweFields(fields: Partial<SiweFields>): asserts fields is SiweFields {
  const need = (field: string, ok: boolean, reason: string) => {
    if (!ok) throw new SiweMessageError(field, reason);
  };
  need('scheme', fields.scheme === undefined || SCHEME.test(fields.scheme), 'must be a URI scheme');
  need('domain', typeof fields.domain === 'string' && AUTHORITY.test(fields.domain), 'must be an RFC 3986 authority');
  need(
    'address',
    typeof fields.address === 'string' && isChecksummed(fields.address),
    'must be an EIP-55 checksummed address',
  );
  need('statement', fields.statement === undefined || !/[\n\r]/.test(fields.statement), 'must be one line');
  need('uri', typeof fields.uri === 'string' && URI.test(fields.uri), 'must be an RFC 3986 URI');
  need('version', fields.version === '1', 'must be 1');
  need(
    'chainId',
    typeof fields.chainId === 'number' && Number.isSafeInteger(fields.chainId) && fields.chainId > 0,
    'must be a positive integer',
  );
  need('nonce', typeof fields.nonce === 'string' && NONCE.test(fields.nonce), 'must be at least 8 letters or digits');
  need('issuedAt', typeof fields.issuedAt === 'string' && isDateTime(fields.issuedAt), 'must be an RFC 3339 date-time');
  for (const key of ['expirationTime', 'notBefore'] as const) {
    const value = fields[key];
    need(key, value === undefined || isDateTime(value), 'must be an RFC 3339 date-time');
  }
  need('requestId', fields.requestId === undefined || REQUEST_ID.test(fields.requestId), 'must be URI characters');
  (fields.resources ?? []).forEach((resource, index) => {
    need(`resources[${index}]`, URI.test(resource), 'must be an RFC 3986 URI');
  });
}

/** The message text exactly as EIP-4361 lays it out. Validates first. */
export function formatSiweMessage(fields: SiweFields): string {
  validateSiweFields(fields);
  const origin = fields.scheme ? `${fields.scheme}://${fields.domain}` : fields.domain;
  const lines = [`${origin}${HEADER_SUFFIX}`, fields.address, ''];
  if (fields.statement !== undefined) lines.push(fields.statement, '');
  else lines.push('');
  lines.push(
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  );
  if (fields.expirationTime !== undefined) lines.push(`Expiration Time: ${fields.expirationTime}`);
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore}`);
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources !== undefined) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/** Parses a message; throws a SiweMessageError naming the field that is missing, misplaced or malformed. */
export function parseSiweMessage(text: string): SiweFields {
  const lines = text.split('\n');
  let index = 0;
  const next = () => lines[index++];

  const header = next() ?? '';
  if (!header.endsWith(HEADER_SUFFIX)) throw new SiweMessageError('domain', 'missing the EIP-4361 first line');
  let origin = header.slice(0, -HEADER_SUFFIX.length);
  const fields: Partial<SiweFields> = {};
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(origin);
  if (schemeMatch?.[1]) {
    fields.scheme = schemeMatch[1];
    origin = origin.slice(schemeMatch[0].length);
  }
  if (origin === '') throw new SiweMessageError('domain', 'missing');
  fields.domain = origin;

  fields.address = next() ?? '';
  if (fields.address === '') throw new SiweMessageError('address', 'missing');
  if (next() !== '') throw new SiweMessageError('statement', 'expected an empty line after the address');
  const afterAddress = next();
  if (afterAddress === undefined) throw new SiweMessageError('uri', 'missing');
  if (afterAddress !== '') {
    fields.statement = afterAddress;
    if (next() !== '') throw new SiweMessageError('statement', 'must be one line followed by an empty line');
  }

  const field = (label: string, name: string, required: boolean): string | undefined => {
    const line = lines[index];
    if (line?.startsWith(`${label}: `)) {
      index++;
      return line.slice(label.length + 2);
    }
    if (required) throw new SiweMessageError(name, `missing or out of order (expected "${label}: ")`);
    return undefined;
  };
  fields.uri = field('URI', 'uri', true);
  const version = field('Version', 'version', true);
  if (version !== '1') throw new SiweMessageError('version', 'must be 1');
  fields.version = version;
  const chainId = field('Chain ID', 'chainId', true) ?? '';
  if (!/^\d+$/.test(chainId)) throw new SiweMessageError('chainId', 'must be a positive integer');
  fields.chainId = Number(chainId);
  fields.nonce = field('Nonce', 'nonce', true);
  fields.issuedAt = field('Issued At', 'issuedAt', true);
  const optional: [string, 'expirationTime' | 'notBefore' | 'requestId'][] = [
    ['Expiration Time', 'expirationTime'],
    ['Not Before', 'notBefore'],
    ['Request ID', 'requestId'],
  ];
  for (const [label, name] of optional) {
    const value = field(label, name, false);
    if (value !== undefined) fields[name] = value;
  }
  if (lines[index] === 'Resources:') {
    index++;
    fields.resources = [];
    while (lines[index]?.startsWith('- ')) fields.resources.push((next() ?? '').slice(2));
  }
  if (index < lines.length) {
    throw new SiweMessageError('message', `unexpected line ${index + 1}: ${JSON.stringify(lines[index])}`);
  }
  validateSiweFields(fields);
  return fields;
}

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf, openZip, ZipError } from './zip-reader.ts';
import { createZip } from './zip-writer.ts';

/* The zip reader on archives of the writer, the same made zip64 (as submissions.zip is), and cut short. */

let dir: string;
let plain: string;
const CONTENT = ['{"a":1}', 'x'.repeat(50_000), 'third'];

async function entries(file: string) {
  const zip = await openZip(file);
  const out: { name: string; text: string; fingerprint: string }[] = [];
  for await (const entry of zip.entries())
    out.push({ name: entry.name, text: (await zip.read(entry)).toString('utf8'), fingerprint: fingerprintOf(entry) });
  const truncated = zip.truncatedEntry();
  await zip.close();
  return { out, truncated };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ledgerlight-zip-'));
  plain = path.join(dir, 'plain.zip');
  const zip = await createZip(plain);
  for (const [i, text] of CONTENT.entries()) await zip.add(`folder/e${i}.txt`, text);
  await zip.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('zip reader', () => {
  it('reads every entry, one at a time, with a fingerprint that follows its content', async () => {
    const { out, truncated } = await entries(plain);
    expect(out.map((e) => e.text)).toEqual(CONTENT);
    expect(out.map((e) => e.name)).toEqual(['folder/e0.txt', 'folder/e1.txt', 'folder/e2.txt']);
    expect(out[0]?.fingerprint).toMatch(/^[0-9a-f]{8}:7$/);
    expect(new Set(out.map((e) => e.fingerprint)).size).toBe(3);
    expect(truncated).toBeNull();
  });

  it('reads the zip64 end records (more than 65,535 entries)', async () => {
    const bytes = readFileSync(plain);
    const eocd = bytes.length - 22;
    const dirSize = bytes.readUInt32LE(eocd + 12);
    const dirOffset = bytes.readUInt32LE(eocd + 16);
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeBigUInt64LE(3n, 24);
    record.writeBigUInt64LE(3n, 32);
    record.writeBigUInt64LE(BigInt(dirSize), 40);
    record.writeBigUInt64LE(BigInt(dirOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(eocd), 8);
    const end = Buffer.from(bytes.subarray(eocd));
    end.writeUInt16LE(0xffff, 8);
    end.writeUInt16LE(0xffff, 10);
    end.writeUInt32LE(0xffffffff, 16);
    const file = path.join(dir, 'zip64.zip');
    writeFileSync(file, Buffer.concat([bytes.subarray(0, eocd), record, locator, end]));
    expect((await entries(file)).out.map((e) => e.text)).toEqual(CONTENT);
  });

  it('reads the whole entries of an archive cut short and names the cut one', async () => {
    const bytes = readFileSync(plain);
    const file = path.join(dir, 'cut.zip');
    writeFileSync(file, bytes.subarray(0, bytes.indexOf('folder/e2.txt') + 14));
    const { out, truncated } = await entries(file);
    expect(out.map((e) => e.name)).toEqual(['folder/e0.txt', 'folder/e1.txt']);
    expect(truncated).toBe('folder/e2.txt');
  });

  it('rejects a file that is no zip archive', async () => {
    const file = path.join(dir, 'text.zip');
    writeFileSync(file, 'this is not an archive');
    await expect(entries(file)).rejects.toThrow(ZipError);
  });
});

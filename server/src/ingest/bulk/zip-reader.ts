import { open } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';

/*
 * A small streaming reader of zip archives (SEC's companyfacts.zip and submissions.zip, Stooq's daily
 * histories): the central directory is walked one record at a time, and each entry is read and inflated
 * on its own when asked for, so memory holds one entry at a time and nothing is extracted to disk.
 * Zip64 (more than 65,535 entries or 4 GB, as submissions.zip has) is understood. An archive whose
 * directory is missing (cut short while downloading) is read by walking its local headers instead: the
 * whole entries are read, the cut one is named.
 */

export interface ZipEntry {
  name: string;
  /** CRC-32 of the uncompressed data, from the directory. */
  crc: number;
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Offset of the entry's local header. */
  offset: number;
}

export class ZipError extends Error {
  constructor(
    readonly archive: string,
    readonly entry: string | null,
    message: string,
  ) {
    super(entry ? `${archive}: entry ${entry}: ${message}` : `${archive}: ${message}`);
    this.name = 'ZipError';
  }
}

/** An entry's fingerprint: changes whenever its content does (CRC-32 and size from the directory). */
export const fingerprintOf = (entry: ZipEntry) => `${entry.crc.toString(16).padStart(8, '0')}:${entry.size}`;

/** The largest entry read whole (SEC's biggest companyfacts files are tens of MB). */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

export interface ZipArchive {
  path: string;
  /** Every file entry, in directory order (for a directory-less archive: the whole ones found). */
  entries(): AsyncGenerator<ZipEntry>;
  /** The entry's bytes, inflated and checked against its CRC-32. */
  read(entry: ZipEntry): Promise<Buffer>;
  /** Set when the archive has no directory and its last entry is cut short: its name. */
  truncatedEntry(): string | null;
  close(): Promise<void>;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export async function openZip(path: string): Promise<ZipArchive> {
  const file = await open(path, 'r');
  const { size: fileSize } = await file.stat();
  const readAt = async (position: number, length: number) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  };
  const fail = (entry: string | null, message: string) => new ZipError(path, entry, message);

  // The end of central directory record sits in the last 64 KB + 22 bytes.
  const tailLength = Math.min(fileSize, 65_557);
  const tail = await readAt(fileSize - tailLength, tailLength);
  let directory: { offset: number; size: number; count: number } | null = null;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD) continue;
    let count = tail.readUInt16LE(i + 10);
    let dirSize = tail.readUInt32LE(i + 12);
    let dirOffset = tail.readUInt32LE(i + 16);
    const locatorAt = i - 20;
    if (locatorAt >= 0 && tail.readUInt32LE(locatorAt) === EOCD64_LOCATOR) {
      const record = await readAt(Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
      if (record.length === 56 && record.readUInt32LE(0) === EOCD64) {
        count = Number(record.readBigUInt64LE(32));
        dirSize = Number(record.readBigUInt64LE(40));
        dirOffset = Number(record.readBigUInt64LE(48));
      }
    }
    if (dirOffset + dirSize <= fileSize) directory = { offset: dirOffset, size: dirSize, count };
    break;
  }
  let truncated: string | null = null;

  async function* fromDirectory(dir: { offset: number; size: number; count: number }) {
    const chunkSize = 1 << 20;
    let buffer = Buffer.alloc(0);
    let position = dir.offset;
    const end = dir.offset + dir.size;
    const need = async (bytes: number) => {
      while (buffer.length < bytes && position < end) {
        const chunk = await readAt(position, Math.min(chunkSize, end - position));
        if (chunk.length === 0) break;
        position += chunk.length;
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      }
      return buffer.length >= bytes;
    };
    for (let n = 0; n < dir.count; n++) {
      if (!(await need(46)) || buffer.readUInt32LE(0) !== CENTRAL) throw fail(null, 'damaged central directory');
      const nameLength = buffer.readUInt16LE(28);
      const extraLength = buffer.readUInt16LE(30);
      const commentLength = buffer.readUInt16LE(32);
      const recordLength = 46 + nameLength + extraLength + commentLength;
      if (!(await need(recordLength))) throw fail(null, 'damaged central directory');
      const name = buffer.toString('utf8', 46, 46 + nameLength);
      let size = buffer.readUInt32LE(24);
      let compressedSize = buffer.readUInt32LE(20);
      let offset = buffer.readUInt32LE(42);
      // Zip64: the fields set to 0xFFFFFFFF are in the extra field 0x0001, in this order.
      let extra = 46 + nameLength;
      const extraEnd = extra + extraLength;
      while (extra + 4 <= extraEnd) {
        const id = buffer.readUInt16LE(extra);
        const length = buffer.readUInt16LE(extra + 2);
        if (id === 1) {
          let at = extra + 4;
          const next = () => {
            const value = Number(buffer.readBigUInt64LE(at));
            at += 8;
            return value;
          };
          if (size === 0xffffffff) size = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (offset === 0xffffffff) offset = next();
        }
        extra += 4 + length;
      }
      const entry: ZipEntry = {
        name,
        crc: buffer.readUInt32LE(16),
        size,
        compressedSize,
        method: buffer.readUInt16LE(10),
        offset,
      };
      buffer = buffer.subarray(recordLength);
      if (!name.endsWith('/')) yield entry;
    }
  }

  /** No directory: walk the local headers from the start, as long as sizes are in them. */
  async function* fromLocalHeaders() {
    let position = 0;
    while (position + 30 <= fileSize) {
      const header = await readAt(position, 30);
      if (header.readUInt32LE(0) !== LOCAL) break;
      const nameLength = header.readUInt16LE(26);
      const extraLength = header.readUInt16LE(28);
      const name = (await readAt(position + 30, nameLength)).toString('utf8');
      if (header.readUInt16LE(6) & 8) throw fail(name, 'the archive has no directory and the entry no sizes');
      const entry: ZipEntry = {
        name,
        crc: header.readUInt32LE(14),
        compressedSize: header.readUInt32LE(18),
        size: header.readUInt32LE(22),
        method: header.readUInt16LE(8),
        offset: position,
      };
      const next = position + 30 + nameLength + extraLength + entry.compressedSize;
      if (next > fileSize) {
        truncated = name;
        return;
      }
      position = next;
      if (!name.endsWith('/')) yield entry;
    }
    if (position === 0) throw fail(null, 'not a zip archive (no directory, no entries)');
  }

  return {
    path,
    entries: () => (directory ? fromDirectory(directory) : fromLocalHeaders()),
    truncatedEntry: () => truncated,
    async read(entry) {
      if (entry.size > MAX_ENTRY_BYTES) throw fail(entry.name, `larger than ${MAX_ENTRY_BYTES} bytes`);
      const header = await readAt(entry.offset, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw fail(entry.name, 'no local header');
      const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const compressed = await readAt(start, entry.compressedSize);
      if (compressed.length < entry.compressedSize) throw fail(entry.name, 'cut short (the archive is truncated)');
      let data: Buffer;
      try {
        if (entry.method === 0) data = compressed;
        else if (entry.method === 8) data = inflateRawSync(compressed, { maxOutputLength: MAX_ENTRY_BYTES });
        else throw fail(entry.name, `compression method ${entry.method} is not supported`);
      } catch (error) {
        if (error instanceof ZipError) throw error;
        throw fail(entry.name, `damaged data (${error instanceof Error ? error.message : String(error)})`);
      }
      if (data.length !== entry.size || crc32(data) !== entry.crc)
        throw fail(entry.name, 'damaged data (CRC-32 or size does not match)');
      return data;
    },
    close: () => file.close(),
  };
}

import { open } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';

/*
 * Writes a zip archive entry by entry (deflated, sizes in the local headers, no zip64: the generated
 * archives stay far below 4 GB and 65,535 entries; more is refused). Used by the
 * archive generator (bench/archives.ts) and the tests; the app itself only reads archives.
 */
/** 1980-01-01, the first day a zip can say: the generated archives are the same bytes every time. */
const DOS_DATE = (1 << 5) | 1;

export interface ZipWriter {
  add(name: string, data: Buffer | string): Promise<void>;
  close(): Promise<void>;
}

export async function createZip(path: string): Promise<ZipWriter> {
  const file = await open(path, 'w');
  const central: Buffer[] = [];
  let position = 0;
  const write = async (buffer: Buffer) => {
    await file.write(buffer);
    position += buffer.length;
  };
  return {
    async add(name, content) {
      if (central.length >= 0xffff || position > 0xf0000000) throw new Error('zip writer: archive too large');
      const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      const compressed = deflateRawSync(data);
      const crc = crc32(data);
      const nameBytes = Buffer.from(name, 'utf8');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(8, 8);
      local.writeUInt16LE(DOS_DATE, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(compressed.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0800, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(crc, 16);
      record.writeUInt32LE(compressed.length, 20);
      record.writeUInt32LE(data.length, 24);
      record.writeUInt16LE(nameBytes.length, 28);
      record.writeUInt32LE(position, 42);
      central.push(record, nameBytes);
      await write(Buffer.concat([local, nameBytes, compressed]));
    },
    async close() {
      const directory = Buffer.concat(central);
      const start = position;
      await write(directory);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(central.length / 2, 8);
      end.writeUInt16LE(central.length / 2, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(start, 16);
      await write(end);
      await file.close();
    },
  };
}

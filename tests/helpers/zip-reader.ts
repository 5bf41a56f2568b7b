import { inflateRawSync } from 'node:zlib';

/** One file of a ZIP, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0: stored as is; 8: deflated. */
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  /** The entry's bytes, uncompressed. */
  read(): Buffer;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Reads a whole ZIP held in memory (the tests' exports are small): every entry of its central directory. */
export function readZip(zip: Buffer): ZipEntry[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== EOCD) end -= 1;
  if (end < 0) throw new Error('not a ZIP: no end of central directory');
  let count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_EOCD_LOCATOR) {
    const record = Number(zip.readBigUInt64LE(end - 20 + 8));
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL) throw new Error(`bad central directory entry ${index}`);
    const method = zip.readUInt16LE(offset + 10);
    const crc32 = zip.readUInt32LE(offset + 16);
    let compressedSize = zip.readUInt32LE(offset + 20);
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    // ZIP64 extra field: the 64-bit values of the fields that read 0xFFFFFFFF, in this order.
    const extra = zip.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
    for (let at = 0; at + 4 <= extra.length;) {
      const id = extra.readUInt16LE(at);
      const length = extra.readUInt16LE(at + 2);
      if (id === 0x0001) {
        let field = at + 4;
        if (size === 0xffffffff) {
          size = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
        if (localOffset === 0xffffffff) localOffset = Number(extra.readBigUInt64LE(field));
      }
      at += 4 + length;
    }
    const entry = { name, method, compressedSize, size, crc32, localOffset };
    entries.push({
      name,
      method,
      compressedSize,
      size,
      crc32,
      read() {
        if (zip.readUInt32LE(entry.localOffset) !== LOCAL) throw new Error(`bad local header for ${name}`);
        const start = entry.localOffset + 30 + zip.readUInt16LE(entry.localOffset + 26) + zip.readUInt16LE(entry.localOffset + 28);
        const data = zip.subarray(start, start + compressedSize);
        return method === 8 ? inflateRawSync(data) : Buffer.from(data);
      },
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

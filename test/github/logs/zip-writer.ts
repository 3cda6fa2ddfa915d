// Builds zip archives byte by byte for the A17 tests: hostile ones (traversal names, symlinks, 100k
// entries, bombs) cannot be made with a well-behaved zip tool. Follows APPNOTE.TXT; ZIP64 end records
// when there are more than 65535 entries.
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipEntryInput {
  name: string;
  data: Buffer;
  deflate?: boolean;
  /** Unix mode stored in the external attributes, e.g. 0o120777 for a symlink. */
  mode?: number;
}

export function buildZip(entries: readonly ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endRecords(entries.length, cd.length, offset)]);
}

function endRecords(count: number, cdSize: number, cdOffset: number): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  const small = count <= 0xfffe;
  eocd.writeUInt16LE(small ? count : 0xffff, 8);
  eocd.writeUInt16LE(small ? count : 0xffff, 10);
  eocd.writeUInt32LE(cdSize, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  if (small) return eocd;
  const zip64 = Buffer.alloc(56);
  zip64.writeUInt32LE(0x06064b50, 0);
  zip64.writeBigUInt64LE(44n, 4);
  zip64.writeUInt16LE(45, 12);
  zip64.writeUInt16LE(45, 14);
  zip64.writeBigUInt64LE(BigInt(count), 24);
  zip64.writeBigUInt64LE(BigInt(count), 32);
  zip64.writeBigUInt64LE(BigInt(cdSize), 40);
  zip64.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([zip64, locator, eocd]);
}

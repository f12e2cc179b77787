import { inflateRawSync } from 'node:zlib';

/** How much a zip (an XLSX workbook) a person uploads may hold once unpacked. */
export interface ZipBounds {
  maxEntries: number;
  maxUnpackedBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Whether a zip stays within its bounds once unpacked, found before any reader unpacks it: a few kilobytes of deflate
 * can stand for gigabytes (a "zip bomb": a 2.3 MB workbook of 526 MB of sheet XML). The central directory's entry count
 * and declared sizes are read first (a bomb that declares its size is refused without inflating a byte); then each
 * entry is inflated with its declared size as the most it may give, so one that lies about its size is stopped at
 * that size. The memory this takes is bounded by maxUnpackedBytes. Answers why not, for the log, or null when within.
 * Zip64, encryption and compression methods other than stored and deflate are refused: an XLSX uses none of them.
 */
export function zipBeyondBounds(bytes: Buffer, bounds: ZipBounds): string | null {
  // The end of central directory record: 22 bytes and a comment of at most 65,535 bytes at the end of the file.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'no end of central directory';
  const entries = bytes.readUInt16LE(eocd + 10);
  const directoryAt = bytes.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryAt === 0xffffffff) return 'zip64';
  if (entries > bounds.maxEntries) return `${entries} entries`;
  let at = directoryAt;
  let declared = 0;
  const found: { method: number; flags: number; compressed: number; size: number; local: number }[] = [];
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return 'central directory cut short';
    const entry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      local: bytes.readUInt32LE(at + 42),
    };
    declared += entry.size;
    if (declared > bounds.maxUnpackedBytes) return `declares more than ${bounds.maxUnpackedBytes} bytes unpacked`;
    found.push(entry);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  for (const e of found) {
    if (e.flags & 1) return 'encrypted entry';
    if (e.local + 30 > bytes.length || bytes.readUInt32LE(e.local) !== LOCAL) return 'local header missing';
    const start = e.local + 30 + bytes.readUInt16LE(e.local + 26) + bytes.readUInt16LE(e.local + 28);
    const data = bytes.subarray(start, start + e.compressed);
    if (data.length !== e.compressed) return 'entry cut short';
    if (e.method === 0) {
      if (e.compressed !== e.size) return 'stored entry of another size';
      continue;
    }
    if (e.method !== 8) return `compression method ${e.method}`;
    try {
      // One byte more than declared: an entry that gives it unpacks to more than it said.
      const out = inflateRawSync(data, { maxOutputLength: e.size + 1 });
      if (out.length !== e.size) return 'entry unpacks to another size than declared';
    } catch {
      return 'entry unpacks to more than declared, or is not deflate';
    }
  }
  return null;
}

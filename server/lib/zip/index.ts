/**
 * What a zip (an XLSX is one) would unpack to, read from its central directory without unpacking
 * anything: the entry count and the sum of the entries' declared uncompressed sizes. Guards a parser
 * (exceljs) against decompression bombs: a few hundred KB that inflate to gigabytes, or a million tiny
 * entries. ZIP64 sizes (0xFFFFFFFF in the 32-bit field) are read from the entry's ZIP64 extra field.
 * An archive whose directory cannot be read is reported as `null`: the caller refuses it.
 */
const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_EXTRA = 0x0001;
const U32_MAX = 0xffffffff;

export interface ZipFootprint {
  entries: number;
  /** Declared uncompressed bytes of every entry. */
  unpackedBytes: number;
}

function endOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
}

/** The central directory's entry count and offset, from the ZIP64 record when the archive has one. */
function directoryOf(zip: Buffer, eocd: number): { entries: number; offset: number } | null {
  let entries = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const locator = eocd - 20;
  if ((entries === 0xffff || offset === U32_MAX) && locator >= 0 && zip.readUInt32LE(locator) === ZIP64_EOCD_LOCATOR) {
    const record = Number(zip.readBigUInt64LE(locator + 8));
    if (record + 56 > zip.length || zip.readUInt32LE(record) !== ZIP64_EOCD) return null;
    entries = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  return { entries, offset };
}

/** Entry count and declared unpacked size of `zip`, or null when its central directory is unreadable. */
export function zipFootprint(zip: Buffer): ZipFootprint | null {
  if (zip.length < 22) return null;
  const eocd = endOfCentralDirectory(zip);
  if (eocd < 0) return null;
  const directory = directoryOf(zip, eocd);
  if (!directory) return null;
  let { offset } = directory;
  let unpackedBytes = 0;
  for (let n = 0; n < directory.entries; n++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL_HEADER) return null;
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    if (size === U32_MAX) {
      // ZIP64 extra field: the uncompressed size is its first 8-byte value.
      let extra = offset + 46 + nameLength;
      const end = extra + extraLength;
      while (extra + 4 <= end && extra + 4 <= zip.length) {
        const id = zip.readUInt16LE(extra);
        const length = zip.readUInt16LE(extra + 2);
        if (id === ZIP64_EXTRA && length >= 8 && extra + 12 <= zip.length) {
          size = Number(zip.readBigUInt64LE(extra + 4));
          break;
        }
        extra += 4 + length;
      }
      if (size === U32_MAX) return null;
    }
    unpackedBytes += size;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries: directory.entries, unpackedBytes };
}

/**
 * Uploaded spreadsheets (a template's CSV or XLSX), the parts every importer shares: the type from name and
 * content together (a renamed file is refused: content decides), CSV text decoded strictly (UTF-8, no
 * control bytes: a binary file is not text; the BOM dropped; the semicolon Excel in Vietnamese writes), and
 * RFC 4180 records. What a bad file is called is the caller's (each domain has its own messages).
 */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export type SpreadsheetType = 'csv' | 'xlsx';

export const isZip = (content: Buffer): boolean => ZIP_MAGIC.every((b, i) => content[i] === b);

/** 'csv' or 'xlsx' when the name's extension and the content agree (an XLSX is a zip, a CSV is not), else null. */
export function spreadsheetTypeOf(fileName: string, content: Buffer): SpreadsheetType | null {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx' && isZip(content)) return 'xlsx';
  if (ext === 'csv' && !isZip(content)) return 'csv';
  return null;
}

/** RFC 4180 records (quoted cells may hold the delimiter, quotes and line breaks). */
export function parseCsv(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/**
 * A CSV file's records, or null when it is not text: invalid UTF-8 or a NUL or other control byte. The
 * delimiter is the semicolon when the first line has semicolons and no comma (Excel in Vietnamese, where
 * the comma is the decimal mark), else the comma.
 */
export function readCsvRecords(content: Buffer): string[][] | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- a NUL or other control byte means a binary file, not text
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return null;
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  return parseCsv(text, delimiter);
}

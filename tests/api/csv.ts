/** Test helpers for CSV files: a strict reader, so tests check the bytes a spreadsheet would read. */

/**
 * A strict RFC 4180 reader: CRLF record separator, fields optionally enclosed in double quotes,
 * doubled quotes inside. It also records whether each field was quoted, so tests can tell the
 * number -5000 from the text "-5000". Throws on anything malformed.
 */
export function parseRfc4180(text: string): { value: string; quoted: boolean }[][] {
  const records: { value: string; quoted: boolean }[][] = [];
  let record: { value: string; quoted: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote at ${i}`);
        value += text[i++];
      }
    }
    record.push({ value, quoted });
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    if (i < text.length) throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  if (record.length) throw new Error('last record lacks CRLF');
  return records;
}

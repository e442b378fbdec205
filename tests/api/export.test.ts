/**
 * Server-side exports: the produced CSV and XLSX files are parsed back and their cells checked.
 * No database is needed: the writers take any async iterable of rows (a cursor in production).
 */
import { describe, expect, it, vi } from 'vitest';
import { type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvStream, xlsxStream, safeSheetName, type ExportColumn, type ExportRow } from '../../server/lib/export';
import { parseRfc4180 } from './csv';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

async function csvOf(rows: ExportRow[], columns: ExportColumn[], formatDate?: (d: Date) => string) {
  const bytes = await collect(csvStream(rows, columns, formatDate ? { formatDate } : {}));
  return { bytes, text: bytes.subarray(3).toString('utf8') };
}

async function workbookOf(stream: Readable): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await collect(stream)) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/**
 * Waits until a counter stops moving (200 ms without change, at most 10 s) and returns it. The
 * writers fill their bounded buffers at whatever speed the machine allows, so a fixed sleep would
 * make the backpressure tests flaky on a busy CI box.
 */
async function settled(read: () => number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let last = read();
  let still = 0;
  while (still < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = read();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

const textColumn: ExportColumn[] = [{ key: 'v', header: 'Giá trị' }];

/** Every text that could start a formula or hide a control character, and what the CSV holds. */
const NEUTRALISED: [string, string][] = [
  ['=1+1', "'=1+1"],
  ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
  ['+84901234567', "'+84901234567"],
  ['-x', "'-x"],
  ['-5000', "'-5000"], // text in a text column: stays text, so it is neutralised like any text
  ['@a', "'@a"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\tx', "'\tx"],
  ['\rx', "'\rx"],
  ['\0x', "'\0x"],
  ['\nx', "'\nx"],
  ['\u0001x', "'\u0001x"],
  ['\u001fx', "'\u001fx"],
  ['\u007fx', "'\u007fx"],
  ['\uff1d1+1', "'\uff1d1+1"],
  ['\uff0b84', "'\uff0b84"],
  ['\uff0dx', "'\uff0dx"],
  ['\uff20a', "'\uff20a"],
];

const UNTOUCHED = ['a=1', 'x-1', "'quoted", 'Đà Nẵng', '1+1', ' =1'];

describe('csvStream', () => {
  it('starts with a UTF-8 BOM and keeps Vietnamese text intact', async () => {
    const columns: ExportColumn[] = [
      { key: 'name', header: 'Tên cửa hàng' },
      { key: 'city', header: 'Thành phố' },
    ];
    const { bytes, text } = await csvOf(
      [{ name: 'Nguyễn Văn Ánh – Cửa hàng Phở Hà Nội', city: 'Đà Nẵng' }, { name: 'Trần Thị Ngọc Ỷ', city: 'Thừa Thiên Huế' }],
      columns,
    );
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    expect(parseRfc4180(text).map((r) => r.map((f) => f.value))).toEqual([
      ['Tên cửa hàng', 'Thành phố'],
      ['Nguyễn Văn Ánh – Cửa hàng Phở Hà Nội', 'Đà Nẵng'],
      ['Trần Thị Ngọc Ỷ', 'Thừa Thiên Huế'],
    ]);
  });

  it.each(NEUTRALISED)('neutralises a text cell starting with %j', async (input, expected) => {
    const { text } = await csvOf([{ v: input }], textColumn);
    const [, [cell]] = parseRfc4180(text);
    expect(cell.value).toBe(expected);
  });

  it.each(UNTOUCHED)('leaves %j as it is', async (input) => {
    const { text } = await csvOf([{ v: input }], textColumn);
    const [, [cell]] = parseRfc4180(text);
    expect(cell.value).toBe(input);
  });

  it('keeps numbers, negative ones and bigints included, numeric and unquoted', async () => {
    const columns: ExportColumn[] = [
      { key: 'n', header: 'n' },
      { key: 'money', header: 'Số tiền', type: 'money' },
      { key: 'rate', header: 'Tỷ lệ', type: 'number' },
    ];
    const { text } = await csvOf(
      [
        { n: -5000, money: -12345678901234567890n, rate: '-0.25' },
        { n: 0, money: '150000', rate: 12.5 },
        { n: 1234567, money: '-99999999999999999999', rate: 'n/a' },
        { n: Number.NaN, money: null, rate: Number.POSITIVE_INFINITY },
      ],
      columns,
    );
    const lines = text.split('\r\n');
    expect(lines[1]).toBe('-5000,-12345678901234567890,-0.25');
    expect(lines[2]).toBe('0,150000,12.5');
    // A numeric column keeps text that is not a plain number as (neutralised if needed) text.
    expect(lines[3]).toBe('1234567,-99999999999999999999,n/a');
    expect(lines[4]).toBe(',,');
  });

  it('quotes commas, double quotes and line breaks as RFC 4180 says', async () => {
    const inputs = ['a,b', 'say "hi"', 'line1\nline2', 'line1\r\nline2', '"', ''];
    const { text } = await csvOf(inputs.map((v) => ({ v })), textColumn);
    expect(text).toBe(
      'Giá trị\r\n"a,b"\r\n"say ""hi"""\r\n"line1\nline2"\r\n"line1\r\nline2"\r\n""""\r\n\r\n',
    );
    expect(parseRfc4180(text).slice(1).map(([cell]) => cell.value)).toEqual(inputs);
  });

  it('formats dates with the given formatter, ISO 8601 by default; booleans, nulls and objects', async () => {
    const columns: ExportColumn[] = [
      { key: 'at', header: 'Thời gian', type: 'date' },
      { key: 'ok', header: 'ok' },
      { key: 'none', header: 'none' },
      { key: 'meta', header: 'meta' },
    ];
    const at = new Date('2024-03-05T17:30:00Z');
    const row = { at, ok: true, none: undefined, meta: { a: 1, big: 2n } };
    const custom = await csvOf([row], columns, (d) => `VN ${d.getUTCFullYear()}`);
    expect(custom.text.split('\r\n')[1]).toBe('VN 2024,true,,"{""a"":1,""big"":""2""}"');
    const iso = await csvOf([{ ...row, ok: false, at: '2024-03-05T17:30:00Z' }], columns);
    expect(iso.text.split('\r\n')[1]).toBe('2024-03-05T17:30:00.000Z,false,,"{""a"":1,""big"":""2""}"');
    // A formatter that produced a formula would still be neutralised.
    const evil = await csvOf([{ at }], columns.slice(0, 1), () => '=cmd');
    expect(evil.text.split('\r\n')[1]).toBe("'=cmd");
  });

  it('writes the BOM and the header row for an empty export', async () => {
    const { bytes, text } = await csvOf([], [{ key: 'a', header: 'Mã' }, { key: 'b', header: 'Tên' }]);
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    expect(text).toBe('Mã,Tên\r\n');
  });

  it('fails the stream when the source fails', async () => {
    async function* failing(): AsyncGenerator<ExportRow> {
      yield { v: 'a' };
      throw new Error('cursor lost');
    }
    await expect(collect(csvStream(failing(), textColumn))).rejects.toThrow('cursor lost');
  });

  it('stops pulling rows and closes the source when the reader goes away', async () => {
    let produced = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<ExportRow> {
      try {
        for (;;) yield { v: `row ${produced++}` };
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(endless(), textColumn);
    for await (const _chunk of stream) break; // the for-await exit destroys the stream
    await vi.waitFor(() => expect(closed).toBe(true), { interval: 5 });
    expect(produced).toBeLessThan(10_000);
  });

  it('respects backpressure: a reader that stops reading stops the source', async () => {
    let produced = 0;
    async function* counted(): AsyncGenerator<ExportRow> {
      for (let i = 0; i < 1_000_000; i++) {
        produced++;
        yield { v: `Giao dịch số ${i}`, n: i };
      }
    }
    const stream = csvStream(counted(), [...textColumn, { key: 'n', header: 'n' }]);
    stream.pause();
    stream.read(0); // start the flow once, then never read
    const whilePaused = await settled(() => produced);
    // Still nothing after another quiet spell.
    expect(await settled(() => produced)).toBe(whilePaused);
    expect(produced).toBeLessThan(5_000);
    stream.destroy();
  });

  it('streams 200k rows with flat memory', async ({ annotate }) => {
    const { rowsPerSecond, heapGrowthMb, bytes } = await measure((rows, columns) => csvStream(rows, columns));
    await annotate(`CSV: ${rowsPerSecond} rows/s, ${(bytes / 1e6).toFixed(1)} MB, heap growth ${heapGrowthMb} MB`);
    expect(bytes).toBeGreaterThan(200_000 * 60);
    expect(heapGrowthMb).toBeLessThan(64);
  }, 120_000);
});

describe('xlsxStream', () => {
  const columns: ExportColumn[] = [
    { key: 'code', header: 'Mã giao dịch' },
    { key: 'store', header: 'Cửa hàng' },
    { key: 'amount', header: 'Số tiền', type: 'money' },
    { key: 'fee', header: 'Phí', type: 'number' },
    { key: 'at', header: 'Thời gian', type: 'date' },
    { key: 'refunded', header: 'Đã hoàn' },
  ];

  it('writes a bold, frozen header row and typed cells', async () => {
    const sheet = await workbookOf(
      xlsxStream(
        [
          { code: 'GD001', store: 'Cửa hàng Phở Hà Nội – Đà Nẵng', amount: 1500000, fee: 1.5, at: new Date('2024-03-05T17:30:00Z'), refunded: false },
          { code: 'GD002', store: 'Trần Thị Ngọc Ỷ', amount: -250000n, fee: '-0.25', at: '2024-03-05T00:00:00Z', refunded: true },
          { code: 'GD003', store: null, amount: '123456789012345678901', fee: 'n/a', at: null, refunded: null },
        ],
        columns,
        'Giao dịch',
      ),
    );
    expect(sheet.name).toBe('Giao dịch');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1);
    expect(columns.map((_c, i) => header.getCell(i + 1).value)).toEqual(columns.map((c) => c.header));
    expect(columns.map((_c, i) => header.getCell(i + 1).font?.bold)).toEqual(columns.map(() => true));

    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('Cửa hàng Phở Hà Nội – Đà Nẵng');
    expect(first.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(3).value).toBe(1500000);
    expect(first.getCell(3).numFmt).toBe('#,##0');
    expect(first.getCell(4).value).toBe(1.5);
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.Date);
    // Wall-clock time in Asia/Ho_Chi_Minh: 17:30 UTC is 00:30 the next day in Việt Nam.
    expect((first.getCell(5).value as Date).toISOString()).toBe('2024-03-06T00:30:00.000Z');
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(first.getCell(6).value).toBe(false);

    const second = sheet.getRow(3);
    expect(second.getCell(3).value).toBe(-250000);
    expect(second.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(second.getCell(4).value).toBe(-0.25);
    expect((second.getCell(5).value as Date).toISOString()).toBe('2024-03-05T07:00:00.000Z');
    expect(second.getCell(6).value).toBe(true);

    const third = sheet.getRow(4);
    expect(third.getCell(2).value).toBeNull();
    // Beyond 2^53 a numeric cell would change the amount: the exact digits are kept as text.
    expect(third.getCell(3).value).toBe('123456789012345678901');
    expect(third.getCell(4).value).toBe('n/a');
    expect(third.getCell(5).value).toBeNull();
  });

  it('stores formula-like text as plain string cells, never as formulas', async () => {
    const inputs = ['=1+1', '+84901234567', '-x', '@a', '\tx', 'say "hi", <b>A & B</b>', 'line1\nline2', '\rx', 'a\r\nb'];
    // XML turns CR and CRLF into LF; the writer does it itself so what is read back is exact.
    const expected = inputs.map((input) => input.replace(/\r\n?/g, '\n'));
    const sheet = await workbookOf(xlsxStream(inputs.map((v) => ({ v })), textColumn, 'S'));
    expected.forEach((value, i) => {
      const cell = sheet.getRow(i + 2).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(value);
    });
  });

  it('drops characters XML forbids (they would make the workbook unreadable)', async () => {
    const sheet = await workbookOf(xlsxStream([{ v: '\0x\u0001y\u007f' }, { v: 'x'.repeat(40_000) }], textColumn, 'S'));
    expect(sheet.getRow(2).getCell(1).value).toBe('xy');
    expect((sheet.getRow(3).getCell(1).value as string).length).toBe(32767);
  });

  it('makes sheet names Excel accepts', () => {
    expect(safeSheetName('Báo cáo [03/2024]: giao dịch?')).toBe('Báo cáo  03 2024   giao dịch');
    expect(safeSheetName('')).toBe('Sheet1');
    expect(safeSheetName("'x'")).toBe('x');
    expect(safeSheetName('a'.repeat(40))).toHaveLength(31);
  });

  it('writes the header row for an empty export', async () => {
    const sheet = await workbookOf(xlsxStream([], columns, 'Trống'));
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Mã giao dịch');
  });

  it('fails the stream when the source fails', async () => {
    async function* failing(): AsyncGenerator<ExportRow> {
      yield { v: 'a' };
      throw new Error('cursor lost');
    }
    await expect(collect(xlsxStream(failing(), textColumn, 'S'))).rejects.toThrow('cursor lost');
  });

  it('stops pulling rows and closes the source when the reader goes away', async () => {
    let produced = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<ExportRow> {
      try {
        for (;;) yield { v: `row ${produced++} ${'x'.repeat(100)}` };
      } finally {
        closed = true;
      }
    }
    const stream = xlsxStream(endless(), textColumn, 'S');
    for await (const _chunk of stream) break;
    await vi.waitFor(() => expect(closed).toBe(true), { interval: 5 });
    const afterClose = produced;
    expect(await settled(() => produced)).toBe(afterClose);
  });

  it('respects backpressure: a reader that stops reading stops the source', async () => {
    let produced = 0;
    async function* counted(): AsyncGenerator<ExportRow> {
      for (let i = 0; i < 1_000_000; i++) {
        produced++;
        yield { v: `Giao dịch số ${i} ${'x'.repeat(100)}`, n: i };
      }
    }
    const stream = xlsxStream(counted(), [...textColumn, { key: 'n', header: 'n' }], 'S');
    stream.pause();
    const whilePaused = await settled(() => produced);
    // Still nothing after another quiet spell.
    expect(await settled(() => produced)).toBe(whilePaused);
    // About 256 KiB of compressed output may wait for the reader; 1M rows would be ~15 MB.
    expect(produced).toBeLessThan(100_000);
    stream.destroy();
  });

  it('streams 200k rows with flat memory', async ({ annotate }) => {
    const { rowsPerSecond, heapGrowthMb, bytes } = await measure((rows, cols) => xlsxStream(rows, cols, 'Giao dịch'));
    await annotate(`XLSX: ${rowsPerSecond} rows/s, ${(bytes / 1e6).toFixed(1)} MB, heap growth ${heapGrowthMb} MB`);
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(heapGrowthMb).toBeLessThan(96);
  }, 180_000);
});

const ROWS = 200_000;

/** Streams ROWS transaction-like rows to a reader that discards them; samples the heap meanwhile. */
async function measure(
  write: (rows: AsyncIterable<ExportRow>, columns: ExportColumn[]) => Readable,
): Promise<{ rowsPerSecond: number; heapGrowthMb: number; bytes: number }> {
  const columns: ExportColumn[] = [
    { key: 'id', header: 'Mã giao dịch' },
    { key: 'store', header: 'Cửa hàng' },
    { key: 'amount', header: 'Số tiền', type: 'money' },
    { key: 'at', header: 'Thời gian', type: 'date' },
    { key: 'note', header: 'Ghi chú' },
  ];
  const start = new Date('2024-01-01T00:00:00Z').getTime();
  async function* rows(): AsyncGenerator<ExportRow> {
    for (let i = 0; i < ROWS; i++) {
      yield {
        id: `GD${String(i).padStart(10, '0')}`,
        store: `Cửa hàng số ${i % 500} – Đà Nẵng`,
        amount: BigInt((i % 1000) * 1000 - 250_000),
        at: new Date(start + i * 1000),
        note: i % 7 === 0 ? '=formula' : 'Thanh toán đơn hàng',
      };
    }
  }
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let bytes = 0;
  const began = performance.now();
  for await (const chunk of write(rows(), columns)) {
    bytes += (chunk as Buffer).length;
    const used = process.memoryUsage().heapUsed;
    if (used > peak) peak = used;
  }
  const seconds = (performance.now() - began) / 1000;
  return {
    rowsPerSecond: Math.round(ROWS / seconds),
    heapGrowthMb: Math.round((peak - baseline) / 1e6),
    bytes,
  };
}

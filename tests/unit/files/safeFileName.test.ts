import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_BYTES, safeFileName } from '@/files';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('safeFileName', () => {
  it.each([
    ['Báo cáo giao dịch 03/2024.xlsx', 'Báo cáo giao dịch 03_2024.xlsx'],
    ['Đối soát tháng 12 – Cửa hàng Phở Hà Nội.csv', 'Đối soát tháng 12 – Cửa hàng Phở Hà Nội.csv'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['C:\\Users\\ke_toan\\report.csv', 'C__Users_ke_toan_report.csv'],
    ['a<b>c:d"e|f?g*h.csv', 'a_b_c_d_e_f_g_h.csv'],
    ['a\u0000b\nc\td\u007f\u0085.csv', 'abcd.csv'],
    ['hoadon\u202Efdp.exe', 'hoadonfdp.exe'],
    ['zero\u200Bwidth\uFEFF.pdf', 'zerowidth.pdf'],
    ['  many   spaces  .csv ', 'many spaces .csv'],
    ['.hidden', 'hidden'],
    ['report. . ', 'report'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['com1.csv', '_com1.csv'],
    ['console.csv', 'console.csv'],
    ['', 'download'],
    ['   ', 'download'],
    ['...', 'download'],
    ['/', '_'],
  ])('%j → %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('composes decomposed Vietnamese letters (NFC)', () => {
    const decomposed = 'Nguyễn Thị Ánh.pdf'.normalize('NFD');
    expect(decomposed).not.toBe('Nguyễn Thị Ánh.pdf');
    expect(safeFileName(decomposed)).toBe('Nguyễn Thị Ánh.pdf');
  });

  it('uses the fallback for nothing usable', () => {
    expect(safeFileName(null)).toBe('download');
    expect(safeFileName(undefined, 'bao-cao.csv')).toBe('bao-cao.csv');
  });

  it('cuts long names by UTF-8 bytes, keeping the extension and whole letters', () => {
    const cut = safeFileName(`${'Đ'.repeat(300)}.xlsx`);
    expect(bytes(cut)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(cut).toBe(`${'Đ'.repeat(97)}.xlsx`);

    const emoji = safeFileName(`${'😀'.repeat(100)}.csv`);
    expect(emoji).toBe(`${'😀'.repeat(49)}.csv`);

    const ascii = safeFileName('a'.repeat(500));
    expect(ascii).toBe('a'.repeat(MAX_FILE_NAME_BYTES));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountInWords,
  dateLocale,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatInVietnam,
  formatLongDate,
  formatMoney,
  formatMonth,
  formatNumber,
  shortAmount,
  toIdentifier,
} from '@/domain/format';
import { toDate } from '@/domain/time';

describe('formatNumber', () => {
  it.each([
    [0, '0', '0'],
    [7, '7', '7'],
    [999, '999', '999'],
    [1000, '1.000', '1,000'],
    [1234567, '1.234.567', '1,234,567'],
    [-1234567, '-1.234.567', '-1,234,567'],
    [1234.5, '1.234,50', '1,234.50'],
    [0.1 + 0.2, '0,30', '0.30'],
    [1.005, '1,01', '1.01'],
    [2.675, '2,68', '2.68'],
    [0.994, '0,99', '0.99'],
    [0.995, '1,00', '1.00'],
    [999.999, '1.000,00', '1,000.00'],
    [-0.001, '0,00', '0.00'],
    [-0, '0', '0'],
    [1e21, '1.000.000.000.000.000.000.000', '1,000,000,000,000,000,000,000'],
    [1e-7, '0,00', '0.00'],
    [12345678901234567890n, '12.345.678.901.234.567.890', '12,345,678,901,234,567,890'],
    [-5n, '-5', '-5'],
    ['1234567', '1.234.567', '1,234,567'],
    ['  42  ', '42', '42'],
    ['1234.567', '1.234,57', '1,234.57'],
    ['-0012.30', '-12,30', '-12.30'],
    ['.5', '0,50', '0.50'],
    ['1e3', '1.000', '1,000'],
    ['1.000', '1', '1'],
    ['1,234', '0', '0'],
    ['abc', '0', '0'],
    ['', '0', '0'],
    ['12abc', '0', '0'],
    [Number.NaN, '0', '0'],
    [Number.POSITIVE_INFINITY, '0', '0'],
    [null, '0', '0'],
    [undefined, '0', '0'],
  ] as const)('%s → vi %s, en %s', (input, vi, en) => {
    expect(formatNumber(input)).toBe(vi);
    expect(formatNumber(input, 'en')).toBe(en);
  });

  it('treats objects and booleans as non-numeric', () => {
    expect(formatNumber({} as unknown as number)).toBe('0');
    expect(formatNumber(true as unknown as number)).toBe('0');
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '0 đ', '0 đ'],
    [500, '500 đ', '500 đ'],
    [1000, '1.000 đ', '1,000 đ'],
    [1234567, '1.234.567 đ', '1,234,567 đ'],
    [-250000, '-250.000 đ', '-250,000 đ'],
    [9007199254740993n, '9.007.199.254.740.993 đ', '9,007,199,254,740,993 đ'],
    ['9007199254740993', '9.007.199.254.740.993 đ', '9,007,199,254,740,993 đ'],
    ['1500000', '1.500.000 đ', '1,500,000 đ'],
    [1234.5, '1.235 đ', '1,235 đ'],
    [1234.49, '1.234 đ', '1,234 đ'],
    [-0.4, '0 đ', '0 đ'],
    ['abc', '0 đ', '0 đ'],
    [null, '0 đ', '0 đ'],
    [undefined, '0 đ', '0 đ'],
    [Number.NaN, '0 đ', '0 đ'],
  ] as const)('%s → %s / %s', (input, vi, en) => {
    expect(formatMoney(input)).toBe(vi);
    expect(formatMoney(input, 'en')).toBe(en);
  });
});

describe('shortAmount', () => {
  it.each([
    [0, '0', '0'],
    [999, '999', '999'],
    [1000, '1 nghìn', '1K'],
    [1500, '1,5 nghìn', '1.5K'],
    [1234, '1,23 nghìn', '1.23K'],
    [1239, '1,23 nghìn', '1.23K'],
    [12000, '12 nghìn', '12K'],
    [999999, '999,99 nghìn', '999.99K'],
    [1000000, '1 tr', '1M'],
    [1250000, '1,25 tr', '1.25M'],
    [1999999, '1,99 tr', '1.99M'],
    [6770000, '6,77 tr', '6.77M'],
    [6779999, '6,77 tr', '6.77M'],
    [999999999, '999,99 tr', '999.99M'],
    [1000000000, '1 tỷ', '1B'],
    [2500000000, '2,5 tỷ', '2.5B'],
    [-1500, '-1,5 nghìn', '-1.5K'],
    [-2000000, '-2 tr', '-2M'],
    [10n ** 15n, '1.000.000 tỷ', '1,000,000B'],
    ['1500000', '1,5 tr', '1.5M'],
    [12.5, '12,50', '12.50'],
    ['abc', '0', '0'],
    [null, '0', '0'],
  ] as const)('%s → %s / %s', (input, vi, en) => {
    expect(shortAmount(input)).toBe(vi);
    expect(shortAmount(input, 'en')).toBe(en);
  });
});

describe('amountInWords', () => {
  it.each([
    [0, '0'],
    [5, '5'],
    [999, '999'],
    [1000, '1 Nghìn'],
    [1500, '1 Nghìn 500'],
    [1500000, '1 Triệu 500 Nghìn'],
    [1000500, '1 Triệu 500'],
    [1234567, '1 Triệu 234 Nghìn 567'],
    [1000000000, '1 Tỷ'],
    [1234567890, '1 Tỷ 234 Triệu 567 Nghìn 890'],
    [2000000005, '2 Tỷ 5'],
    [1500000000000, '1.500 Tỷ'],
    [10n ** 18n, '1.000.000.000 Tỷ'],
    [-1500000, '-1 Triệu 500 Nghìn'],
    ['2000000', '2 Triệu'],
    [1499.5, '1 Nghìn 500'],
    ['abc', '0'],
    [null, '0'],
  ] as const)('%s → %s', (input, words) => expect(amountInWords(input)).toBe(words));

  it('has English units for the English interface', () => {
    expect(amountInWords(1500000000000, 'en')).toBe('1,500 Billion');
    expect(amountInWords(1234567, 'en')).toBe('1 Million 234 Thousand 567');
  });
});

describe('toIdentifier', () => {
  it.each([
    ['Cửa hàng Đồng Khởi #1', 'cua_hang_dong_khoi_1'],
    ['Đà Nẵng', 'da_nang'],
    ['đường Nguyễn Huệ', 'duong_nguyen_hue'],
    ['  Quận 1  ', 'quan_1'],
    ['Phở---Bò!!!', 'pho_bo'],
    ['ÁÀẢÃẠ ăắằẳẵặ âấầẩẫậ', 'aaaaa_aaaaaa_aaaaaa'],
    ['ÊẾỀỂỄỆ ÔỐỒỔỖỘ ƠỚỜỞỠỢ', 'eeeeee_oooooo_oooooo'],
    ['ƯỨỪỬỮỰ ÍÌỈĨỊ ÝỲỶỸỴ', 'uuuuuu_iiiii_yyyyy'],
    ['Tie\u0302\u0301ng Vie\u0323\u0302t', 'tieng_viet'],
    ['already_an_identifier', 'already_an_identifier'],
    ['__x__', 'x'],
    ['MIXED Case', 'mixed_case'],
    ['商店', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (text, id) => expect(toIdentifier(text)).toBe(id));
});

describe('dates in Asia/Ho_Chi_Minh whatever the runtime zone', () => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  // 2024-03-01 18:30:05 UTC = 2024-03-02 01:30:05 in Vietnam = 2024-03-01 10:30:05 in Los Angeles.
  const instant = new Date('2024-03-01T18:30:05.000Z');

  it('really runs in another zone', () => {
    expect(instant.getDate()).toBe(1);
    expect(instant.getHours()).toBe(10);
  });

  it.each([
    [formatDate, '02/03/2024'],
    [formatMonth, '03/2024'],
    [formatDateTime, '02/03/2024 01:30'],
    [formatDateTimeSeconds, '02/03/2024 01:30:05'],
  ])('%o', (formatter, expected) => {
    expect(formatter(instant)).toBe(expected);
    expect(formatter(instant.getTime())).toBe(expected);
    expect(formatter('2024-03-01T18:30:05Z')).toBe(expected);
    expect(formatter('2024-03-02T01:30:05+07:00')).toBe(expected);
    expect(formatter('2024-03-02T01:30:05')).toBe(expected);
  });

  it.each([null, undefined, '', 'not a date', '02/03/2024', '2024-02-30', '2024-03-02T25:00', Number.NaN, new Date('x')])(
    '%s shows a dash',
    (value) => {
      expect(formatDate(value as never)).toBe('-');
      expect(formatDateTimeSeconds(value as never)).toBe('-');
    },
  );

  it('reads a date without a time as that day in Vietnam', () => {
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
    expect(toDate('2024-12-31')?.toISOString()).toBe('2024-12-30T17:00:00.000Z');
  });

  it('uses the Vietnamese locale for names', () => {
    expect(formatLongDate(instant)).toBe('Thứ Bảy, 02/03/2024');
    expect(formatLongDate(instant, 'en')).toBe('Saturday, 02/03/2024');
    expect(formatInVietnam(instant, 'MMMM yyyy')).toBe('tháng 03 2024');
    expect(dateLocale('vi').code).toBe('vi');
    expect(dateLocale('en').code).toBe('en-US');
  });
});

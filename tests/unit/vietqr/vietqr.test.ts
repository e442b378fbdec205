/** VietQR / EMVCo payloads: CRC, TLV layout, text rules, cross-checked with an independent decoder. */
import { describe, expect, it } from 'vitest';
import { QRPay } from 'vietnam-qr-pay';
import { buildVietQr, crc16, decodeVietQr, hasValidCrc, parseTlv, tlv, toEmvText } from '../../../server/lib/vietqr';
import { cityOf, storeAioPayload, storeCollectionAccount } from '../../../server/lib/vietqr/aio';

describe('crc16 (CCITT-FALSE)', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
  it('is four upper-case hex digits, zero-padded', () => {
    expect(crc16('')).toBe('FFFF');
    expect(crc16('A')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('buildVietQr', () => {
  it('reproduces a published static VietQR byte for byte (ACB 257678859)', () => {
    // The example of the vietnam-qr-pay README, produced by NAPAS-format generators.
    expect(buildVietQr({ bankBin: '970416', accountNumber: '257678859' })).toBe(
      '00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F',
    );
  });

  it('puts the fields in EMVCo order with two-digit ids and lengths, and a CRC over everything before it', () => {
    const payload = buildVietQr({
      bankBin: '970436',
      accountNumber: '0041000123456',
      merchantName: 'Cà Phê Sông Hàn',
      merchantCity: 'Đà Nẵng',
      storeLabel: 'CH00010007',
      amount: 150000,
      purpose: 'Thanh toán đơn 42',
    });
    expect(hasValidCrc(payload)).toBe(true);
    const top = parseTlv(payload);
    expect([...top.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '59', '60', '62', '63']);
    expect(top.get('00')).toBe('01');
    expect(top.get('01')).toBe('12');
    expect(top.get('54')).toBe('150000');
    expect(top.get('59')).toBe('Ca Phe Song Han');
    expect(top.get('60')).toBe('Da Nang');
    const additional = parseTlv(top.get('62')!);
    expect(additional.get('03')).toBe('CH00010007');
    expect(additional.get('08')).toBe('Thanh toan don 42');
    const decoded = decodeVietQr(payload);
    expect(decoded).toMatchObject({ bankBin: '970436', accountNumber: '0041000123456', service: 'QRIBFTTA', currency: '704', country: 'VN' });
  });

  it('is read the same by the vietnam-qr-pay decoder', () => {
    const payload = buildVietQr({ bankBin: '970422', accountNumber: '0123456789', amount: 25000, purpose: 'Tiền cà phê' });
    const other = new QRPay(payload);
    expect(other.isValid).toBe(true);
    expect(other.consumer).toMatchObject({ bankBin: '970422', bankNumber: '0123456789' });
    expect(other.amount).toBe('25000');
    expect(other.additionalData.purpose).toBe('Tien ca phe');
    expect(other.crc).toBe(payload.slice(-4));
  });

  it('static without amount, dynamic with one', () => {
    expect(decodeVietQr(buildVietQr({ bankBin: '970422', accountNumber: '1' })).initiationMethod).toBe('11');
    expect(decodeVietQr(buildVietQr({ bankBin: '970422', accountNumber: '1', amount: 1 })).initiationMethod).toBe('12');
  });

  it('refuses what a scanner would misread: bad BIN, long or odd account, non-integer or non-positive amount', () => {
    expect(() => buildVietQr({ bankBin: '97042', accountNumber: '1' })).toThrow();
    expect(() => buildVietQr({ bankBin: '970422', accountNumber: '12345678901234567890' })).toThrow();
    expect(() => buildVietQr({ bankBin: '970422', accountNumber: '12 34' })).toThrow();
    expect(() => buildVietQr({ bankBin: '970422', accountNumber: '1', amount: 1.5 })).toThrow();
    expect(() => buildVietQr({ bankBin: '970422', accountNumber: '1', amount: 0 })).toThrow();
  });

  it('a changed character breaks the CRC', () => {
    const payload = buildVietQr({ bankBin: '970416', accountNumber: '257678859' });
    const tampered = payload.replace('257678859', '257678850');
    expect(hasValidCrc(tampered)).toBe(false);
    expect(() => decodeVietQr(tampered)).toThrow('bad CRC');
  });
});

describe('text and TLV rules', () => {
  it('toEmvText strips accents (đ → d), keeps printable ASCII, collapses spaces and cuts', () => {
    expect(toEmvText('  Đường  Lê Lợi\n', 99)).toBe('Duong Le Loi');
    expect(toEmvText('Phở 😀 Việt', 99)).toBe('Pho Viet');
    expect(toEmvText('Công ty TNHH Cà Phê Sông Hàn', 25)).toBe('Cong ty TNHH Ca Phe Song');
  });
  it('tlv counts characters, which equal bytes for the ASCII it accepts', () => {
    expect(tlv('59', 'ABC')).toBe('5903ABC');
    expect(() => tlv('59', 'Phở')).toThrow();
    expect(() => tlv('5', 'A')).toThrow();
    expect(() => tlv('59', 'x'.repeat(100))).toThrow();
  });
  it('parseTlv refuses a truncated field', () => {
    expect(() => parseTlv('5910ABC')).toThrow();
  });
});

describe('store AIO payload', () => {
  it('one 16-digit collection account per store, stable', () => {
    expect(storeCollectionAccount(1, 42)).toBe('8800000100000042');
    expect(storeCollectionAccount(1, 42)).toHaveLength(16);
  });
  it('takes the city from the last part of the address', () => {
    expect(cityOf('12 Pasteur, Quận 1, TP. Hồ Chí Minh')).toBe('TP. Hồ Chí Minh');
    expect(cityOf('')).toBe('');
  });
  it('is a static VietQR with the brand, city and store code', () => {
    const { payload, accountNumber } = storeAioPayload({ merchantId: 1, id: 42, storeId: 'CH00010042', brandName: 'Cà Phê Sông Hàn', address: '1 Bạch Đằng, Hải Châu, Đà Nẵng' });
    const decoded = decodeVietQr(payload);
    expect(decoded).toMatchObject({ initiationMethod: '11', accountNumber, merchantName: 'Ca Phe Song Han', merchantCity: 'Da Nang' });
    expect(decoded.amount).toBeUndefined();
    expect(decoded.additional['03']).toBe('CH00010042');
  });
});

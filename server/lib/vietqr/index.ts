/**
 * VietQR (NAPAS 247) payloads in the EMVCo merchant-presented QR format: TLV fields (two-digit id,
 * two-digit length, value), CRC-16/CCITT-FALSE in field 63. Values are restricted to printable ASCII,
 * so a field's length in characters is also its length in bytes, which is what scanners count.
 *
 * Our own ~100 lines rather than the `vietnam-qr-pay` package: it counts string length (UTF-16 units)
 * and passes Vietnamese text through unchanged, so a name with accents would give wrong lengths; the
 * package is kept as an independent decoder in the unit tests.
 */

/** NAPAS's application id for VietQR (field 38, sub-field 00). */
export const NAPAS_GUID = 'A000000727';
/** NAPAS service codes: transfer to an account / to a card. */
export const SERVICE_TO_ACCOUNT = 'QRIBFTTA';
export const SERVICE_TO_CARD = 'QRIBFTTC';
/** ISO 4217 numeric code of the Vietnamese đồng; ISO 3166 country code. */
export const CURRENCY_VND = '704';
export const COUNTRY_VN = 'VN';

export const Tag = {
  payloadFormat: '00',
  initiationMethod: '01',
  vietQr: '38',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;

export const AdditionalTag = { billNumber: '01', storeLabel: '03', reference: '05', terminalLabel: '07', purpose: '08' } as const;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), as EMVCo requires. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Vietnamese text → the EMVCo character set: no accents (đ → d), printable ASCII, single spaces, cut to `max`. */
export function toEmvText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7E]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`bad EMV tag ${id}`);
  if (!/^[\x20-\x7E]*$/.test(value)) throw new Error(`EMV tag ${id}: value outside printable ASCII`);
  if (value.length > 99) throw new Error(`EMV tag ${id}: value over 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface VietQrInput {
  /** NAPAS BIN of the receiving bank (6 digits). */
  bankBin: string;
  /** Account (or card) number at that bank: up to 19 characters. */
  accountNumber: string;
  service?: typeof SERVICE_TO_ACCOUNT | typeof SERVICE_TO_CARD;
  /** Whole đồng; present → a dynamic QR (initiation method 12), absent → static (11). */
  amount?: number;
  merchantName?: string;
  merchantCity?: string;
  storeLabel?: string;
  terminalLabel?: string;
  reference?: string;
  purpose?: string;
}

export function buildVietQr(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bankBin)) throw new Error('bankBin must be 6 digits');
  if (!/^[A-Za-z0-9]{1,19}$/.test(input.accountNumber)) throw new Error('accountNumber must be 1-19 letters or digits');
  if (input.amount !== undefined && !(Number.isSafeInteger(input.amount) && input.amount > 0)) {
    throw new Error('amount must be a positive whole number of đồng');
  }
  const beneficiary = tlv('00', input.bankBin) + tlv('01', input.accountNumber);
  const vietQr = tlv('00', NAPAS_GUID) + tlv('01', beneficiary) + tlv('02', input.service ?? SERVICE_TO_ACCOUNT);
  const additional = [
    input.storeLabel && tlv(AdditionalTag.storeLabel, toEmvText(input.storeLabel, 25)),
    input.reference && tlv(AdditionalTag.reference, toEmvText(input.reference, 25)),
    input.terminalLabel && tlv(AdditionalTag.terminalLabel, toEmvText(input.terminalLabel, 25)),
    input.purpose && tlv(AdditionalTag.purpose, toEmvText(input.purpose, 25)),
  ]
    .filter(Boolean)
    .join('');
  const name = input.merchantName ? toEmvText(input.merchantName, 25) : '';
  const city = input.merchantCity ? toEmvText(input.merchantCity, 15) : '';
  const body = [
    tlv(Tag.payloadFormat, '01'),
    tlv(Tag.initiationMethod, input.amount === undefined ? '11' : '12'),
    tlv(Tag.vietQr, vietQr),
    tlv(Tag.currency, CURRENCY_VND),
    input.amount !== undefined ? tlv(Tag.amount, String(input.amount)) : '',
    tlv(Tag.country, COUNTRY_VN),
    name ? tlv(Tag.merchantName, name) : '',
    city ? tlv(Tag.merchantCity, city) : '',
    additional ? tlv(Tag.additionalData, additional) : '',
  ].join('');
  const withCrcTag = `${body}${Tag.crc}04`;
  return withCrcTag + crc16(withCrcTag);
}

export type TlvMap = Map<string, string>;

/** Splits TLV text into id → value; throws on a truncated or malformed field. */
export function parseTlv(text: string): TlvMap {
  const fields: TlvMap = new Map();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4)) || i + 4 + length > text.length) {
      throw new Error(`malformed TLV at ${i}`);
    }
    fields.set(id, text.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

/** True when the payload ends with a field 63 whose CRC matches everything before it. */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== `${Tag.crc}04`) return false;
  return crc16(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}

export interface DecodedVietQr {
  initiationMethod: string;
  bankBin: string;
  accountNumber: string;
  service: string;
  currency: string;
  country: string;
  amount?: string;
  merchantName?: string;
  merchantCity?: string;
  additional: Record<string, string>;
}

export function decodeVietQr(payload: string): DecodedVietQr {
  if (!hasValidCrc(payload)) throw new Error('bad CRC');
  const top = parseTlv(payload);
  const vietQr = parseTlv(top.get(Tag.vietQr) ?? '');
  if (vietQr.get('00') !== NAPAS_GUID) throw new Error('not a VietQR payload');
  const beneficiary = parseTlv(vietQr.get('01') ?? '');
  return {
    initiationMethod: top.get(Tag.initiationMethod) ?? '',
    bankBin: beneficiary.get('00') ?? '',
    accountNumber: beneficiary.get('01') ?? '',
    service: vietQr.get('02') ?? '',
    currency: top.get(Tag.currency) ?? '',
    country: top.get(Tag.country) ?? '',
    amount: top.get(Tag.amount),
    merchantName: top.get(Tag.merchantName),
    merchantCity: top.get(Tag.merchantCity),
    additional: Object.fromEntries(parseTlv(top.get(Tag.additionalData) ?? '')),
  };
}

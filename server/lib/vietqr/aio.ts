/**
 * The all-in-one (AIO) QR of an offline store: a static VietQR that any Vietnamese banking app and the
 * wallet itself can scan. Money goes to the wallet provider's collection account for that store at its
 * partner bank; the provider credits the merchant by that account number.
 */
import { buildVietQr } from './index';

/** The partner bank holding the provider's per-store collection accounts (BVBank, as e-wallets commonly use). */
export const AIO_COLLECTION_BANK_BIN = '970454';

/**
 * The store's collection (virtual) account: `88` + merchant id (6 digits) + store id (8 digits). Digits
 * only, 16 long (VietQR allows 19), one per store, stable for the store's life.
 */
export function storeCollectionAccount(merchantId: number, storeRowId: number): string {
  return `88${String(merchantId).padStart(6, '0')}${String(storeRowId).padStart(8, '0')}`;
}

/** The city part of a Vietnamese address ("…, Quận 1, TP. Hồ Chí Minh" → "TP. Hồ Chí Minh"). */
export function cityOf(address: string): string {
  const parts = address.split(',').map((p) => p.trim()).filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

export interface AioStore {
  merchantId: number;
  id: number;
  storeId: string;
  brandName: string;
  address: string;
}

export function storeAioPayload(store: AioStore): { payload: string; bankBin: string; accountNumber: string } {
  const accountNumber = storeCollectionAccount(store.merchantId, store.id);
  const payload = buildVietQr({
    bankBin: AIO_COLLECTION_BANK_BIN,
    accountNumber,
    merchantName: store.brandName,
    merchantCity: cityOf(store.address) || 'Viet Nam',
    storeLabel: store.storeId,
  });
  return { payload, bankBin: AIO_COLLECTION_BANK_BIN, accountNumber };
}

/** react-query keys of the stores' QR calls (dataProvider storesApi), per merchant. */
export const storeQrStatusKey = (merchantId: number | null) => ['stores', 'qr-status', merchantId] as const;
export const storeQrKey = (merchantId: number | null, storeId: number) => ['stores', 'qr', merchantId, storeId] as const;

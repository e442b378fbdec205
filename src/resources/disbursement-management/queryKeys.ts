/** React Query keys of the disbursement centre, per merchant: a write invalidates `all(merchantId)`. */
export const disbursementKeys = {
  all: (merchantId: number | null) => ['disbursements', merchantId] as const,
  account: (merchantId: number | null) => ['disbursements', merchantId, 'account'] as const,
  ledger: (merchantId: number | null, page: number) => ['disbursements', merchantId, 'ledger', page] as const,
  sources: (merchantId: number | null) => ['disbursements', merchantId, 'sources'] as const,
  orders: (merchantId: number | null, page: number, status: string) => ['disbursements', merchantId, 'orders', page, status] as const,
  order: (merchantId: number | null, id: number) => ['disbursements', merchantId, 'order', id] as const,
  rules: (merchantId: number | null) => ['disbursements', merchantId, 'rules'] as const,
};

export const T = 'resources.disbursement-management';
export const errorText = (error: unknown) => (error as { message?: string } | null)?.message ?? '';

/** Chip colours of order and row statuses. */
export const STATUS_COLORS: Record<string, 'default' | 'warning' | 'success' | 'error'> = {
  PENDING_APPROVAL: 'warning',
  COMPLETED: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
  SUCCESS: 'success',
  FAILED: 'error',
  PENDING: 'warning',
};

/** react-query keys of the integration centre, per merchant. */
export const integrationKeys = {
  overview: (merchantId: number | null) => ['payment-integration', merchantId, 'overview'] as const,
  deliveries: (merchantId: number | null, page: number, pageSize: number) => ['payment-integration', merchantId, 'deliveries', page, pageSize] as const,
  deliveriesAll: (merchantId: number | null) => ['payment-integration', merchantId, 'deliveries'] as const,
  sellingPlans: (merchantId: number | null) => ['payment-integration', merchantId, 'selling-plans'] as const,
};

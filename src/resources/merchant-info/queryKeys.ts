/** react-query keys of the merchant-info page and its payout tab (dataProvider merchantInfoApi, payoutsApi). */
export const infoQueryKey = (merchantId: number) => ['merchant-info', merchantId] as const;
export const payoutQueryKey = (merchantId: number) => ['payouts', merchantId] as const;
export const periodsQueryKey = ['payouts', 'periods'] as const;

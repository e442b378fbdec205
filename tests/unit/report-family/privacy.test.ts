// @vitest-environment node
/** What a store-scoped role sees of customers and fees in any report row or sum (server/lib/report-family/access.ts). */
import { describe, expect, it } from 'vitest';
import { rowForViewer, seesCustomerData, sumsForViewer } from '../../../server/lib/report-family/access';

const row = {
  id: '1',
  customerPhone: '0963123411',
  customerName: 'Nguyễn Văn An',
  donorPhone: '+84 912 345 678',
  donorName: 'Trần Thu Hà',
  amount: 100_000,
  fee: 1_100,
  feeAmount: 2_200,
  netAmount: 96_700,
  storeName: 'Cà Phê Sông Hàn - Hải Châu',
};

describe('report rows by role', () => {
  it('merchant-wide roles (storeIds null) see the row as stored', () => {
    expect(seesCustomerData(null)).toBe(true);
    expect(rowForViewer(row, null)).toBe(row);
    expect(sumsForViewer({ amount: 5, fee: 1 }, null)).toEqual({ amount: 5, fee: 1 });
  });

  it('store roles see phones and names masked the one way, no fee and no net, the rest unchanged', () => {
    expect(seesCustomerData([3])).toBe(false);
    expect(rowForViewer(row, [3])).toEqual({
      id: '1',
      customerPhone: '0963•••411',
      customerName: 'N••• V••• An',
      donorPhone: '0912•••678',
      donorName: 'T••• T••• Hà',
      amount: 100_000,
      fee: null,
      feeAmount: null,
      netAmount: null,
      storeName: 'Cà Phê Sông Hàn - Hải Châu',
    });
    // A store role with no store yet is still a store role.
    expect(rowForViewer({ customerPhone: null, fee: 0 }, [])).toEqual({ customerPhone: null, fee: null });
    expect(sumsForViewer({ amount: 5, fee: 1, feeAmount: 2, netAmount: 2 }, [3])).toEqual({ amount: 5, fee: null, feeAmount: null, netAmount: null });
  });
});

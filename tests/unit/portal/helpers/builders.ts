import type { Merchant, RolesPayload, SidebarEntry, StoreOption } from '@/domain/api';

/** Test builders: one valid object each, overridable field by field. */
export function buildMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    id: 101,
    partnerCode: 'MC101',
    name: 'Công ty TNHH Cà Phê Sáng',
    brandName: 'Cà Phê Sáng',
    type: 'SME',
    stateCode: 201,
    relationshipRole: null,
    linkedWithMaster: false,
    internalGroup: null,
    todoActions: [],
    roles: ['MERCHANT_OWNER'],
    ...overrides,
  };
}

export function buildRoles(overrides: Partial<RolesPayload> = {}): RolesPayload {
  return {
    id: 7,
    merchant: { id: 101, roles: ['MERCHANT_OWNER'] },
    merchants: [],
    services: [],
    userProfile: { username: 'owner_demo', name: 'Nguyễn Văn An', linkedSSO: false },
    storeIds: null,
    ...overrides,
  };
}

export function buildStoreOptions(count = 2): StoreOption[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, storeName: `Cửa hàng ${index + 1}` }));
}

export function buildSidebar(codes: string[] = ['MERCHANT_STORES_OFFLINE']): SidebarEntry[] {
  return codes.map((code) => ({ code, name: `Mục ${code}` }));
}

/**
 * The demo accounts and merchants every environment starts with. Tests, the README and the
 * end-to-end suite use these constants; the seed (seed.ts) creates exactly them, plus generated
 * bulk data around them.
 */
import type { MerchantType, TodoAction } from '@/domain/api';
import type { Role } from '@/domain/roles';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Demo@1234';

/** Seed of the data generator: the same data on every machine and every run. */
export const DEMO_FAKER_SEED = 20_251_122;

export interface DemoMerchant {
  id: number;
  partnerCode: string;
  name: string;
  brandName: string;
  type: MerchantType;
  stateCode: number;
  todoActions: TodoAction[];
  relationshipRole: string | null;
  internalGroupCode: string | null;
  payoutPeriod: string | null;
  payoutWallet: string | null;
}

export const DemoMerchants = {
  /** SME, KYB done (201), no todo actions: the merchant most demos and tests use. */
  sme: {
    id: 1,
    partnerCode: 'MC_SONGHAN',
    name: 'Công ty TNHH Cà Phê Sông Hàn',
    brandName: 'Cà Phê Sông Hàn',
    type: 'SME',
    stateCode: 201,
    todoActions: [],
    relationshipRole: 'MASTER_MERCHANT',
    internalGroupCode: 'PAYMENT_SOLUTION',
    payoutPeriod: 'SRP.0001',
    payoutWallet: 'BANK',
  },
  /** TOP_BRAND with a contract to sign: choosing it leads to e-contract onboarding. */
  topBrand: {
    id: 2,
    partnerCode: 'MC_PHOVIET',
    name: 'Công ty Cổ phần Phở Việt',
    brandName: 'Phở Việt',
    type: 'TOP_BRAND',
    stateCode: 210,
    todoActions: ['SIGN_CONTRACT', 'SHOW_POPUP_NOTIFY_PAYOUT'],
    relationshipRole: 'MASTER_MERCHANT',
    internalGroupCode: 'SALE_SOLUTION',
    payoutPeriod: 'SRP.0000',
    payoutWallet: 'GOLDEN_POCKET',
  },
  /** P2M: the portal shows its "not supported" warning and stops. */
  p2m: {
    id: 3,
    partnerCode: 'MC_TAPHOA_CHOLON',
    name: 'Tạp hoá Chợ Lớn',
    brandName: 'Tạp hoá Chợ Lớn',
    type: 'P2M',
    stateCode: 201,
    todoActions: [],
    relationshipRole: null,
    internalGroupCode: null,
    payoutPeriod: 'SRP.0000',
    payoutWallet: 'GOLDEN_POCKET',
  },
  /** Donation merchant (owner_demo is MERCHANT_OWNER_DONATION here). */
  pagoda: {
    id: 4,
    partnerCode: 'MC_CHUA_BAODUC',
    name: 'Chùa Bảo Đức',
    brandName: 'Chùa Bảo Đức',
    type: 'BUDDHIST_SANGHA',
    stateCode: 201,
    todoActions: [],
    relationshipRole: null,
    internalGroupCode: null,
    payoutPeriod: 'SRP.0001',
    payoutWallet: 'BANK',
  },
  /** Biometric authentication required before anything else (nfc_demo's only merchant). */
  nfc: {
    id: 5,
    partnerCode: 'MC_BINHMINH',
    name: 'Công ty TNHH Thương mại Bình Minh',
    brandName: 'Bình Minh Mart',
    type: 'SME',
    stateCode: 203,
    todoActions: ['BIOMETRIC_AUTHENTICATION_REQUIRED'],
    relationshipRole: null,
    internalGroupCode: null,
    payoutPeriod: 'SRP.0001',
    payoutWallet: 'BANK',
  },
  /** An unrelated merchant with its own users and stores: isolation tests use its ids. */
  other: {
    id: 6,
    partnerCode: 'MC_HAISAN_HALONG',
    name: 'Công ty TNHH Hải Sản Hạ Long',
    brandName: 'Hải Sản Hạ Long',
    type: 'SME',
    stateCode: 201,
    todoActions: [],
    relationshipRole: null,
    internalGroupCode: null,
    payoutPeriod: 'SRP.0001',
    payoutWallet: 'BANK',
  },
  bpu: {
    id: 7,
    partnerCode: 'MC_NUOC_SACH_GIA_DINH',
    name: 'Công ty Cổ phần Nước sạch Gia Định',
    brandName: 'Nước sạch Gia Định',
    type: 'BPU',
    stateCode: 201,
    todoActions: [],
    relationshipRole: null,
    internalGroupCode: 'GROWTH_SOLUTION',
    payoutPeriod: 'SRP.0001',
    payoutWallet: 'BANK',
  },
} as const satisfies Record<string, DemoMerchant>;

export type DemoMerchantKey = keyof typeof DemoMerchants;

export interface DemoUser {
  username: string;
  name: string;
  email: string;
  phone: string;
  /** Memberships: merchant → roles. */
  memberships: Array<{ merchant: DemoMerchantKey; roles: Role[]; storeSeqs?: number[] }>;
  /** users.user_type; M4B_USER when absent. INTERNAL_USER: the provider's operator (/portal/ops). */
  userType?: 'INTERNAL_USER';
}

/**
 * Store codes are `CH` + merchant id (4 digits) + sequence (4 digits); sequence 1 is the oldest store.
 * The cashier works at one store of the SME: the oldest, which sits on the last page of the
 * newest-first list, so a scoping mistake cannot hide behind page one.
 */
export const storeCode = (merchantId: number, seq: number) =>
  `CH${String(merchantId).padStart(4, '0')}${String(seq).padStart(4, '0')}`;

export const CASHIER_STORE_SEQ = 1;
export const CASHIER_STORE_CODE = storeCode(DemoMerchants.sme.id, CASHIER_STORE_SEQ);
export const OTHER_CASHIER_STORE_SEQ = 2;

export const DemoUsers = {
  owner: {
    username: 'owner_demo',
    name: 'Nguyễn Minh Anh',
    email: 'owner.demo@example.vn',
    phone: '0901234567',
    memberships: [
      { merchant: 'sme', roles: ['MERCHANT_OWNER'] },
      { merchant: 'topBrand', roles: ['MERCHANT_OWNER', 'NEWTON_REPORT', 'BAMBOO_REPORT'] },
      { merchant: 'p2m', roles: ['MERCHANT_OWNER'] },
      { merchant: 'pagoda', roles: ['MERCHANT_OWNER_DONATION'] },
    ],
  },
  accountant: {
    username: 'accountant_demo',
    name: 'Trần Thu Hà',
    email: 'accountant.demo@example.vn',
    phone: '0912345678',
    memberships: [{ merchant: 'sme', roles: ['MERCHANT_ACCOUNTANT'] }],
  },
  cashier: {
    username: 'cashier_demo',
    name: 'Lê Văn Bình',
    email: 'cashier.demo@example.vn',
    phone: '0987654321',
    memberships: [{ merchant: 'sme', roles: ['STORE_CASHIER'], storeSeqs: [CASHIER_STORE_SEQ] }],
  },
  admin: {
    username: 'admin_demo',
    name: 'Phạm Quốc Huy',
    email: 'admin.demo@example.vn',
    phone: '0934567890',
    memberships: [{ merchant: 'sme', roles: ['ADMINISTRATOR'] }],
  },
  nfc: {
    username: 'nfc_demo',
    name: 'Võ Thị Lan',
    email: 'nfc.demo@example.vn',
    phone: '0977123456',
    memberships: [{ merchant: 'nfc', roles: ['MERCHANT_OWNER'] }],
  },
  noMerchant: {
    username: 'nomerchant_demo',
    name: 'Đặng Gia Bảo',
    email: 'nomerchant.demo@example.vn',
    phone: '0868123456',
    memberships: [],
  },
  otherOwner: {
    username: 'other_owner_demo',
    name: 'Hoàng Đức Thắng',
    email: 'other.owner@example.vn',
    phone: '0389123456',
    memberships: [{ merchant: 'other', roles: ['MERCHANT_OWNER'] }],
  },
  otherCashier: {
    username: 'other_cashier_demo',
    name: 'Bùi Thị Mai',
    email: 'other.cashier@example.vn',
    phone: '0356123456',
    memberships: [{ merchant: 'other', roles: ['STORE_CASHIER'], storeSeqs: [OTHER_CASHIER_STORE_SEQ] }],
  },
  bpuOwner: {
    username: 'bpu_owner_demo',
    name: 'Ngô Thanh Tùng',
    email: 'bpu.owner@example.vn',
    phone: '0708123456',
    // The financing and settlement report roles too: the top brand also has them, but a fresh seed holds it at e-contract signing.
    memberships: [{ merchant: 'bpu', roles: ['MERCHANT_OWNER', 'NEWTON_REPORT', 'BAMBOO_REPORT'] }],
  },
  /** The provider's operator: answers tickets in /portal/ops, belongs to no merchant. */
  ops: {
    username: 'ops_demo',
    name: 'Phan Quốc Việt',
    email: 'ops.demo@example.vn',
    phone: '0825123456',
    memberships: [],
    userType: 'INTERNAL_USER',
  },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DemoUsers;

/** The service catalogue, in display order. */
export const SERVICE_CODES = ['PROMOTION', 'ADS', 'PAYLATER'] as const;

/** Registrations of demo merchants (merchant → service code → status). */
export const DEMO_SERVICE_REGISTRATIONS: Partial<Record<DemoMerchantKey, Partial<Record<(typeof SERVICE_CODES)[number], string>>>> = {
  sme: { ADS: 'ACTIVE' },
  topBrand: { PROMOTION: 'ACTIVE', ADS: 'INITIALIZED' },
  other: { PROMOTION: 'ACTIVE', ADS: 'REJECTED' },
};

/** KYB states of spec §4 the generated merchants cycle through. */
export const GENERATED_MERCHANT_STATES = [101, 102, 106, 107, 110, 203, 201, 210, 202, 108, 109, 204] as const;

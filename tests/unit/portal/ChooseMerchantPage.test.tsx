import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearPortalStorage, secureLocal, StorageKeys } from '@/storage';
import type { Merchant } from '@/domain/api';
import { buildMerchant } from './helpers/builders';
import { landing, renderWithProviders } from './helpers/wrapper';

const getMerchants = vi.fn();
const chooseMerchant = vi.fn();
vi.mock('@/authProvider/merchantSession', () => ({
  chooseMerchant: (...a: unknown[]) => chooseMerchant(...a),
  rememberMerchants: vi.fn(),
}));
vi.mock('@/authProvider/auth', () => ({ signOut: vi.fn(async () => '/auth/login') }));

const { ChooseMerchantPage } = await import('@/pages/onboarding/ChooseMerchantPage');

const page = (content: Merchant[]) => ({ content, totalElements: content.length, pageNumber: 0, pageSize: 20 });

function renderPage(state?: unknown) {
  const result = renderWithProviders(<ChooseMerchantPage />, {
    path: '/onboard/merchants-choose',
    route: '/onboard/merchants-choose',
    // The page's calls through usePortalApi: the merchants (faked per test) and no waiting invitation.
    dataProvider: { getMerchants: (...a: Parameters<typeof getMerchants>) => getMerchants(...a), getMyInvitations: async () => [] },
    routes: [landing('/app/welcome'), landing('/onboard/econtract-sign'), landing('/auth/login')],
  });
  if (state) void result.router.navigate('/onboard/merchants-choose', { state });
  return result;
}

beforeEach(() => {
  clearPortalStorage();
  secureLocal.set(StorageKeys.auth, { token: 't', username: 'owner_demo', name: 'Nguyễn Văn An', email: null, phoneNumber: null, isLoginSSO: false });
  getMerchants.mockReset();
  chooseMerchant.mockReset();
});
afterEach(cleanup);

describe('ChooseMerchantPage (/onboard/merchants-choose)', () => {
  it('lists the merchants with name, brand, type and KYB state', async () => {
    getMerchants.mockResolvedValue(
      page([
        buildMerchant({ id: 1, name: 'Công ty Sáng', brandName: 'Sáng', type: 'SME', stateCode: 201 }),
        buildMerchant({ id: 2, name: 'Tập đoàn Lớn', brandName: 'Lớn', type: 'TOP_BRAND', stateCode: 110 }),
      ]),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Danh sách doanh nghiệp của bạn' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Công ty Sáng');
    expect(items[0]).toHaveTextContent('Thương hiệu: Sáng');
    expect(items[0]).toHaveTextContent('Doanh nghiệp vừa và nhỏ (SME)');
    expect(within(items[0]).getByLabelText('Trạng thái xác thực doanh nghiệp: Đã xác thực')).toBeInTheDocument();
    expect(within(items[1]).getByLabelText('Trạng thái xác thực doanh nghiệp: Chờ duyệt')).toBeInTheDocument();
    expect(getMerchants).toHaveBeenCalledWith({ pageNumber: 0, pageSize: 20 });
    expect(chooseMerchant).not.toHaveBeenCalled();
  });

  it('choosing runs the after-merchant flow and goes where it says', async () => {
    const user = userEvent.setup();
    getMerchants.mockResolvedValue(page([buildMerchant({ id: 1 }), buildMerchant({ id: 2, name: 'Tập đoàn Lớn', type: 'TOP_BRAND' })]));
    chooseMerchant.mockResolvedValue({ step: 'econtract', path: '/onboard/econtract-sign' });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Tập đoàn Lớn/ }));
    expect(chooseMerchant).toHaveBeenCalledWith(2);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/onboard/econtract-sign');
  });

  it('chooses the only merchant automatically', async () => {
    getMerchants.mockResolvedValue(page([buildMerchant({ id: 9 })]));
    chooseMerchant.mockResolvedValue({ step: 'app', path: '/app/welcome' });
    renderPage();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/app/welcome');
    expect(chooseMerchant).toHaveBeenCalledWith(9);
  });

  it('shows the exact P2M warning and stays, so another merchant can be chosen', async () => {
    getMerchants.mockResolvedValue(page([buildMerchant({ id: 5, name: 'Cửa hàng P2M', type: 'P2M' })]));
    chooseMerchant.mockResolvedValue({ step: 'p2m' });
    renderPage();
    const warning = await screen.findByTestId('p2m-warning');
    expect(warning).toHaveTextContent('Chưa hỗ trợ Doanh Nghiệp P2M. Vui lòng liên hệ Ví Xanh để được hỗ trợ thêm!');
    expect(screen.getByRole('button', { name: /Cửa hàng P2M/ })).toBeEnabled();
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('explains an account with no merchant and offers logout', async () => {
    getMerchants.mockResolvedValue(page([]));
    renderPage();
    expect(await screen.findByText('Tài khoản chưa thuộc doanh nghiệp nào')).toBeInTheDocument();
    expect(screen.getByText(/Tài khoản owner_demo chưa được thêm vào doanh nghiệp nào trên Ví Xanh/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Đăng xuất' }).length).toBeGreaterThanOrEqual(1);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    getMerchants.mockRejectedValueOnce(new Error('x')).mockResolvedValue(page([buildMerchant({ id: 1 }), buildMerchant({ id: 2 })]));
    renderPage();
    expect(await screen.findByText('Không tải được danh sách doanh nghiệp.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('list', { name: 'Danh sách doanh nghiệp của bạn' })).toBeInTheDocument();
  });
});

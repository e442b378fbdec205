/** KybSummary, DocumentsPanel and MerchantFieldsForm of the merchant-info page, with the real portal strings. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { DataProviderContext } from 'react-admin';
import { createQueryClient } from '@/dataProvider/queryClient';
import type { PortalDataProvider } from '@/dataProvider';
import type { MerchantDocument, MerchantInfo } from '@/domain/merchantInfo';
import { kybNextStep, kybEditBlock } from '@/domain/merchantInfo';
import { kybStatus } from '@/domain/kyb';
import { KybSummary } from '@/resources/merchant-info/KybSummary';
import { DocumentsPanel } from '@/resources/merchant-info/DocumentsPanel';
import { emptyValues, MerchantFieldsForm } from '@/resources/merchant-info/MerchantFieldsForm';
import viPortal from '@/i18n/vi/portal.json';
import enPortal from '@/i18n/en/portal.json';
import { createTestI18n } from '../portal/helpers/i18n';

/** The panel reaches the API through usePortalApi: fakes of the two calls it may make. */
function ApiProviders({ children }: { children: ReactNode }) {
  const api = { uploadMerchantDocument: vi.fn(), getMerchantDocumentFile: vi.fn() };
  return (
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <DataProviderContext.Provider value={api as unknown as PortalDataProvider}>{children}</DataProviderContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}


afterEach(cleanup);

const mi = viPortal.resources['merchant-info'];

const info = (stateCode: number, patch: Partial<MerchantInfo> = {}): MerchantInfo => ({
  id: 1,
  partnerCode: 'MC_X',
  name: 'Công ty X',
  brandName: 'X',
  type: 'SME',
  stateCode,
  kybStatus: kybStatus(stateCode),
  awaitingApproval: [101, 102, 106, 107, 110].includes(stateCode),
  inKyb: stateCode >= 200 && stateCode < 300,
  nextStep: kybNextStep(stateCode),
  editBlock: kybEditBlock(stateCode),
  relationshipRole: null,
  linkedWithMaster: false,
  master: null,
  linkedMerchants: [],
  internalGroup: null,
  profile: null,
  documents: [],
  missingDocuments: [],
  canEdit: true,
  canLink: true,
  updatedAt: null,
  ...patch,
});

describe('KybSummary', () => {
  it.each([
    [101, 'new', 'uploadAndSubmit'],
    [106, 'waitingUpdate', 'update'],
    [110, 'waitingApprove', 'wait'],
    [203, 'waitingApprove', 'wait'],
    [201, 'done', 'none'],
    [202, 'reject', 'fixAndResubmit'],
    [204, 'locked', 'contactSupport'],
    [107, 'other', 'other'],
  ] as const)('state %i shows the %s badge and its next step', (code, status, step) => {
    render(
      <I18nextProvider i18n={createTestI18n('vi')}>
        <KybSummary info={info(code)} />
      </I18nextProvider>,
    );
    const label = viPortal.portal.kyb[status];
    expect(screen.getByLabelText(viPortal.portal.kyb.badge.replace('{{status}}', label))).toHaveTextContent(label);
    expect(screen.getByTestId('kyb-next-step')).toHaveTextContent(mi.kyb.next[step]);
    // The internal state code is never shown to merchants ("Mã trạng thái: 201").
    const section = screen.getByRole('region', { name: mi.kyb.title });
    expect(section).not.toHaveTextContent(String(code));
    expect(section).not.toHaveTextContent('Mã trạng thái');
  });

  it('lists missing papers in English', () => {
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <KybSummary info={info(106, { missingDocuments: ['Document-KYB-B2', 'Document-KYB-A'] })} />
      </I18nextProvider>,
    );
    const en = enPortal.resources['merchant-info'];
    expect(screen.getByTestId('kyb-next-step')).toHaveTextContent(
      en.kyb.missing.replace('{{list}}', `${en.documentTypes.idBack}, ${en.documentTypes.businessLicence}`),
    );
  });
});

// Eight MUI sections render slowly on a busy 2-CPU machine.
describe('DocumentsPanel', { timeout: 20_000 }, () => {
  const doc = (id: number, type: MerchantDocument['type'], fileName: string): MerchantDocument => ({
    id,
    type,
    fileName,
    contentType: fileName.endsWith('.pdf') ? 'application/pdf' : 'image/png',
    sizeBytes: 2048,
    isPublic: type === 'Logo',
    uploadedBy: 'owner_demo',
    createdAt: '2025-06-30T00:00:00.000Z',
    updatedAt: '2025-06-30T00:00:00.000Z',
  });

  it('offers replace (not a second upload) for a single-file type on file, and upload for empty ones', () => {
    render(
      <I18nextProvider i18n={createTestI18n('vi')}>
        <ApiProviders>
          <DocumentsPanel merchantId={1} canUpload documents={[doc(5, 'Document-KYB-B1', 'cccd.png'), doc(6, 'Document-KYB-A', 'gpkd.pdf')]} onChanged={() => {}} />
        </ApiProviders>
      </I18nextProvider>,
    );
    const front = screen.getByRole('region', { name: mi.documentTypes.idFront });
    expect(within(front).queryByLabelText(mi.documents.uploadLabel.replace('{{type}}', mi.documentTypes.idFront))).toBeNull();
    expect(within(front).getByLabelText(mi.documents.replaceLabel.replace('{{type}}', mi.documentTypes.idFront).replace('{{name}}', 'cccd.png'))).toHaveAttribute('type', 'file');
    expect(within(front).getByRole('button', { name: mi.documents.previewLabel.replace('{{name}}', 'cccd.png') })).toBeInTheDocument();
    // PDFs download; they have no picture to preview.
    const licence = screen.getByRole('region', { name: mi.documentTypes.businessLicence });
    expect(within(licence).queryByRole('button', { name: mi.documents.previewLabel.replace('{{name}}', 'gpkd.pdf') })).toBeNull();
    const back = screen.getByRole('region', { name: mi.documentTypes.idBack });
    expect(within(back).getByText(mi.documents.empty)).toBeInTheDocument();
    const input = within(back).getByLabelText(mi.documents.uploadLabel.replace('{{type}}', mi.documentTypes.idBack));
    expect(input.getAttribute('accept')).not.toContain('svg');
    const logo = screen.getByRole('region', { name: mi.documentTypes.logo });
    expect(within(logo).getByLabelText(mi.documents.uploadLabel.replace('{{type}}', mi.documentTypes.logo)).getAttribute('accept')).toContain('.svg');
  });

  it('offers no upload or replace to a viewer who cannot edit', () => {
    render(
      <I18nextProvider i18n={createTestI18n('vi')}>
        <ApiProviders>
          <DocumentsPanel merchantId={1} canUpload={false} documents={[doc(5, 'Document-KYB-B1', 'cccd.png')]} onChanged={() => {}} />
        </ApiProviders>
      </I18nextProvider>,
    );
    expect(document.querySelectorAll('input[type=file]')).toHaveLength(0);
    expect(screen.getByRole('button', { name: mi.documents.downloadLabel.replace('{{name}}', 'cccd.png') })).toBeInTheDocument();
  });
});

describe('MerchantFieldsForm: the edit confirmation names what sends the merchant back to KYB review', { timeout: 20_000 }, () => {
  const initial = {
    ...emptyValues(),
    name: 'Công ty TNHH Cà Phê Sông Hàn',
    brandName: 'Cà Phê Sông Hàn',
    companyTypeCode: 'LLC',
    industryCode: 'FNB',
    taxCode: '0312345678',
    businessAddress: '1 Bạch Đằng, Đà Nẵng',
    representativeName: 'Nguyễn Văn An',
    contactPhone: '0901234567',
    contactEmail: 'lienhe@songhan.vn',
    website: '',
    sellingChannel: 'BOTH',
  };
  const renderForm = () => {
    const onSubmit = vi.fn(async () => {});
    const api = { getMerchantCategories: vi.fn(async () => []) };
    render(
      <I18nextProvider i18n={createTestI18n('vi')}>
        <MemoryRouter>
          <QueryClientProvider client={createQueryClient()}>
            <DataProviderContext.Provider value={api as unknown as PortalDataProvider}>
              <MerchantFieldsForm mode="edit" initial={initial} onSubmit={onSubmit} onCancel={vi.fn()} />
            </DataProviderContext.Provider>
          </QueryClientProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    return onSubmit;
  };
  const field = (name: keyof typeof mi.fields) => screen.getByRole('textbox', { name: new RegExp(`^${mi.fields[name]}`) });
  const save = () => fireEvent.click(screen.getByRole('button', { name: mi.edit.submit }));

  it('contact details only: no review', () => {
    renderForm();
    fireEvent.change(field('contactEmail'), { target: { value: 'moi@songhan.vn' } });
    fireEvent.change(field('website'), { target: { value: 'https://songhan.vn' } });
    save();
    expect(screen.getByTestId('kyb-review-notice')).toHaveTextContent(
      'Chỉ thay đổi thông tin liên hệ (Email liên hệ, Website): trạng thái KYB giữ nguyên, không cần duyệt lại.',
    );
  });

  it('a verified field: named as sending the merchant back to review; one save however fast Confirm is clicked', async () => {
    const onSubmit = renderForm();
    fireEvent.change(field('contactPhone'), { target: { value: '0912345678' } });
    fireEvent.change(field('taxCode'), { target: { value: '0312345679' } });
    save();
    expect(screen.getByTestId('kyb-review-notice')).toHaveTextContent('Các thay đổi sau sẽ đưa doanh nghiệp về trạng thái chờ duyệt KYB: Mã số thuế.');
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Xác nhận' });
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(confirm, { detail: 2 });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ taxCode: '0312345679', contactPhone: '0912345678' }));
  });
});

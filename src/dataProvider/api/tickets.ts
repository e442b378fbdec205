import { TicketApiPaths as Paths, type Page } from '@/domain/api';
import type { TicketAttachment, TicketCategory, TicketCommentInput, TicketCreate, TicketDetail, TicketStatus, TicketSummary } from '@/domain/tickets';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, filterToQuery, type ApiContext } from './context';

export interface TicketListQuery {
  pageNumber: number;
  pageSize: number;
  status?: TicketStatus[];
  category?: TicketCategory[];
  from?: string;
  to?: string;
  createdBy?: number;
  keyword?: string;
  merchantId?: number;
  overdueFirst?: boolean;
}

const upload = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/**
 * Support tickets: the merchant's (reconciliation-accounting, the chosen merchant) and the operator's
 * (/ops, no merchant). The screens show errors themselves where a form does (showError: false).
 */
export function ticketsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const detail = async (path: string, id: number, body?: unknown) =>
    (await call<TicketDetail>(path, { method: body === undefined ? 'GET' : 'POST', params: { id }, ...(body === undefined ? {} : { body }), showError: false })).data;
  return {
    async listTickets(query: TicketListQuery): Promise<Page<TicketSummary>> {
      return (await call<Page<TicketSummary>>(Paths.tickets, { query: filterToQuery({ ...query }), showError: false })).data;
    },
    async listTicketCreators(): Promise<Array<{ id: number; name: string }>> {
      return (await call<Array<{ id: number; name: string }>>(Paths.creators, { showError: false })).data;
    },
    async createTicket(input: TicketCreate): Promise<TicketDetail> {
      return (await call<TicketDetail>(Paths.tickets, { method: 'POST', body: input, showError: false })).data;
    },
    async uploadTicketAttachment(file: File): Promise<TicketAttachment> {
      return (await call<TicketAttachment>(Paths.attachments, { method: 'POST', body: upload(file), showError: false })).data;
    },
    getTicket: (id: number) => detail(Paths.ticket, id),
    commentTicket: (id: number, input: TicketCommentInput) => detail(Paths.comments, id, input),
    moveTicket: (id: number, status: TicketStatus) => detail(Paths.statuses, id, { status }),
    closeTicket: (id: number, rating: number, comment?: string) => detail(Paths.closes, id, { rating, ...(comment ? { comment } : {}) }),
    reopenTicket: (id: number) => detail(Paths.reopens, id, {}),
    async getTicketAttachment(id: number, attachmentId: number): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.attachmentFile, { params: { id, attachmentId }, responseType: 'blob' }));
    },

    async listOpsTickets(query: TicketListQuery): Promise<Page<TicketSummary>> {
      return (await call<Page<TicketSummary>>(Paths.opsTickets, { query: filterToQuery({ ...query }), showError: false })).data;
    },
    async listOpsTicketMerchants(): Promise<Array<{ id: number; name: string }>> {
      return (await call<Array<{ id: number; name: string }>>(Paths.opsMerchants, { showError: false })).data;
    },
    async uploadOpsTicketAttachment(file: File): Promise<TicketAttachment> {
      return (await call<TicketAttachment>(Paths.opsAttachments, { method: 'POST', body: upload(file), showError: false })).data;
    },
    getOpsTicket: (id: number) => detail(Paths.opsTicket, id),
    commentOpsTicket: (id: number, input: TicketCommentInput) => detail(Paths.opsComments, id, input),
    moveOpsTicket: (id: number, status: TicketStatus) => detail(Paths.opsStatuses, id, { status }),
    async getOpsTicketAttachment(id: number, attachmentId: number): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.opsAttachmentFile, { params: { id, attachmentId }, responseType: 'blob' }));
    },
  };
}

import type { Page } from '@/domain/api';
import { LiveChatApiPaths as Paths } from '@/domain/api';
import type { ChatCustomerProfile, ChatMessage, ChatPage, ConversationStatus, ConversationSummary, InboxFilters, StaffMessageInput } from '@/domain/liveChat';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The inbox's filters (the same shape as its address and the API's query), and the page of it. */
export interface InboxQuery extends InboxFilters {
  pageNumber?: number;
  pageSize?: number;
}

/** A payment link an agent may send as a card. */
export interface PayableLink {
  id: number;
  code: string;
  title: string;
  amountType: string;
  amount: number | null;
}

export interface ChatHistory {
  content: ChatMessage[];
  nextBefore: number | null;
}

/**
 * Live chat for staff (server/routes/live-chat, spec §7 live-chat manager under /businesspage): the pages
 * the caller chats for, a page's inbox, a conversation's history (keyset), send, assign, status, read,
 * and the short-lived chat token that opens the websocket (sent in its first frame, never in the URL).
 */
export function liveChatApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const conv = (pageId: number, conversationId: number) => ({ params: { pageId, conversationId } });
  return {
    async liveChatPages(): Promise<ChatPage[]> {
      return (await call<ChatPage[]>(Paths.pages)).data;
    },
    async liveChatToken(): Promise<{ token: string; expiresAt: string; pageIds: number[] }> {
      return (await call<{ token: string; expiresAt: string; pageIds: number[] }>(Paths.token, { method: 'POST', showError: false })).data;
    },
    async liveChatInbox(pageId: number, q: InboxQuery): Promise<Page<ConversationSummary>> {
      const query = { filter: q.filter, status: q.status, search: q.search || undefined, tagId: q.tagId, pageNumber: q.pageNumber ?? 0, pageSize: q.pageSize ?? 20 };
      return (await call<Page<ConversationSummary>>(Paths.conversations, { params: { pageId }, query })).data;
    },
    async liveChatConversation(pageId: number, conversationId: number): Promise<ConversationSummary> {
      return (await call<ConversationSummary>(Paths.conversation, conv(pageId, conversationId))).data;
    },
    async liveChatProfile(pageId: number, conversationId: number): Promise<ChatCustomerProfile> {
      return (await call<ChatCustomerProfile>(Paths.profile, conv(pageId, conversationId))).data;
    },
    async liveChatHistory(pageId: number, conversationId: number, before?: number): Promise<ChatHistory> {
      return (await call<ChatHistory>(Paths.messages, { ...conv(pageId, conversationId), query: { before } })).data;
    },
    async liveChatSend(pageId: number, conversationId: number, input: StaffMessageInput): Promise<ChatMessage> {
      return (await call<ChatMessage>(Paths.messages, { ...conv(pageId, conversationId), method: 'POST', body: input })).data;
    },
    async liveChatUpload(pageId: number, conversationId: number, file: File): Promise<ChatMessage> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await call<ChatMessage>(Paths.attachments, { ...conv(pageId, conversationId), method: 'POST', body: form })).data;
    },
    async liveChatAssign(pageId: number, conversationId: number, assigneeUserId: number | null): Promise<void> {
      await call(Paths.assignee, { ...conv(pageId, conversationId), method: 'PUT', body: { assigneeUserId } });
    },
    async liveChatStatus(pageId: number, conversationId: number, status: ConversationStatus): Promise<void> {
      await call(Paths.status, { ...conv(pageId, conversationId), method: 'PUT', body: { status } });
    },
    /** The merchant's payment links that can still be paid (newest first, at most 20), to send as a card. */
    async liveChatPaymentLinks(pageId: number, search?: string): Promise<PayableLink[]> {
      return (await call<PayableLink[]>(Paths.paymentLinks, { params: { pageId }, query: { search: search || undefined } })).data;
    },
    async liveChatRead(pageId: number, conversationId: number, upToId: number): Promise<void> {
      await call(Paths.read, { ...conv(pageId, conversationId), method: 'POST', body: { upToId }, showError: false });
    },
  };
}

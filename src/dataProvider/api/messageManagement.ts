import { MessageManagementApiPaths as Paths } from '@/domain/api';
import type {
  ChatChannelInput,
  ChatMenu,
  ChatTemplate,
  ChatTemplateInput,
  CustomerTag,
  FaqEntry,
  FaqEntryInput,
  MessageConfiguration,
  MessageConfigurationInput,
  PageTag,
  QuickMenuInput,
  QuickMenuItem,
  TagInput,
} from '@/domain/messageSettings';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** A page of message-management's page list. */
export interface MessagePage {
  id: number;
  name: string;
  slug: string;
  status: string;
  canConfigure: boolean;
  templates: number;
  faq: number;
}

export interface FaqChannel {
  entries: FaqEntry[];
  menu: QuickMenuItem[];
}

/**
 * Message management (server/routes/message-management): tags and the tags of a conversation's customer,
 * message configuration, chat templates (also the inbox's quick replies), chat and FAQ channels.
 */
export function messageManagementApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const page = (pageId: number, more: Record<string, number> = {}) => ({ params: { pageId, ...more } });
  return {
    async messagePages(): Promise<MessagePage[]> {
      return (await call<MessagePage[]>(Paths.pages)).data;
    },
    /** Whether the caller may change the page's message settings (page admins) or only use them. */
    async messageAccess(pageId: number): Promise<{ canConfigure: boolean }> {
      return (await call<{ canConfigure: boolean }>(Paths.access, page(pageId))).data;
    },
    async pageTags(pageId: number): Promise<PageTag[]> {
      return (await call<PageTag[]>(Paths.tags, page(pageId))).data;
    },
    async createPageTag(pageId: number, input: TagInput): Promise<PageTag> {
      return (await call<PageTag>(Paths.tags, { ...page(pageId), method: 'POST', body: input })).data;
    },
    async updatePageTag(pageId: number, tagId: number, input: TagInput): Promise<PageTag> {
      return (await call<PageTag>(Paths.tag, { ...page(pageId, { tagId }), method: 'PUT', body: input })).data;
    },
    async deletePageTag(pageId: number, tagId: number): Promise<void> {
      await call(Paths.tag, { ...page(pageId, { tagId }), method: 'DELETE' });
    },
    async conversationTags(pageId: number, conversationId: number): Promise<CustomerTag[]> {
      return (await call<CustomerTag[]>(Paths.conversationTags, page(pageId, { conversationId }))).data;
    },
    async addConversationTag(pageId: number, conversationId: number, tagId: number): Promise<CustomerTag[]> {
      return (await call<CustomerTag[]>(Paths.conversationTags, { ...page(pageId, { conversationId }), method: 'POST', body: { tagId } })).data;
    },
    async removeConversationTag(pageId: number, conversationId: number, tagId: number): Promise<CustomerTag[]> {
      return (await call<CustomerTag[]>(Paths.conversationTag, { ...page(pageId, { conversationId, tagId }), method: 'DELETE' })).data;
    },
    async messageConfiguration(pageId: number): Promise<MessageConfiguration> {
      return (await call<MessageConfiguration>(Paths.configuration, page(pageId))).data;
    },
    async saveMessageConfiguration(pageId: number, input: MessageConfigurationInput): Promise<void> {
      await call(Paths.configuration, { ...page(pageId), method: 'PUT', body: input });
    },
    async chatChannel(pageId: number): Promise<ChatChannelInput> {
      return (await call<ChatChannelInput>(Paths.chatChannel, page(pageId))).data;
    },
    async saveChatChannel(pageId: number, input: ChatChannelInput): Promise<void> {
      await call(Paths.chatChannel, { ...page(pageId), method: 'PUT', body: input });
    },
    async chatTemplates(pageId: number, search?: string): Promise<ChatTemplate[]> {
      return (await call<ChatTemplate[]>(Paths.templates, { ...page(pageId), query: { search: search || undefined } })).data;
    },
    async chatTemplate(pageId: number, templateId: number): Promise<ChatTemplate> {
      return (await call<ChatTemplate>(Paths.template, page(pageId, { templateId }))).data;
    },
    async createChatTemplate(pageId: number, input: ChatTemplateInput): Promise<ChatTemplate> {
      return (await call<ChatTemplate>(Paths.templates, { ...page(pageId), method: 'POST', body: input })).data;
    },
    async updateChatTemplate(pageId: number, templateId: number, input: ChatTemplateInput): Promise<ChatTemplate> {
      return (await call<ChatTemplate>(Paths.template, { ...page(pageId, { templateId }), method: 'PUT', body: input })).data;
    },
    async deleteChatTemplate(pageId: number, templateId: number): Promise<void> {
      await call(Paths.template, { ...page(pageId, { templateId }), method: 'DELETE' });
    },
    async faqChannel(pageId: number): Promise<FaqChannel> {
      return (await call<FaqChannel>(Paths.faq, page(pageId))).data;
    },
    async createFaqEntry(pageId: number, input: FaqEntryInput): Promise<FaqEntry> {
      return (await call<FaqEntry>(Paths.faq, { ...page(pageId), method: 'POST', body: input })).data;
    },
    async updateFaqEntry(pageId: number, faqId: number, input: FaqEntryInput): Promise<FaqEntry> {
      return (await call<FaqEntry>(Paths.faqEntry, { ...page(pageId, { faqId }), method: 'PUT', body: input })).data;
    },
    async deleteFaqEntry(pageId: number, faqId: number): Promise<void> {
      await call(Paths.faqEntry, { ...page(pageId, { faqId }), method: 'DELETE' });
    },
    async saveQuickMenu(pageId: number, input: QuickMenuInput): Promise<FaqChannel> {
      return (await call<FaqChannel>(Paths.quickMenu, { ...page(pageId), method: 'PUT', body: input })).data;
    },
    /** Public: what the page's chat shows when it opens. */
    async publicChatMenu(slug: string): Promise<ChatMenu> {
      return (await call<ChatMenu>(Paths.chatMenu, { params: { slug }, merchantScoped: false })).data;
    },
  };
}

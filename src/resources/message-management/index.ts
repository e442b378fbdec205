import { lazy } from 'react';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 message-management; {id}/chat-template, /create, /{templateId}; {id}/setting-chat-channel;
 * {id}/setting-faq-channel (BUSINESS_PAGE_MESSAGE_MANAGEMENT): a page's chat templates (the inbox's quick
 * replies), its chat channel and its FAQ channel. Several configs, one code: the first claims the sidebar
 * entry. The server checks the page role on every call (page admins change, chat agents read).
 */
const routeCodes = ['BUSINESS_PAGE_MESSAGE_MANAGEMENT'] as const;
const templateForm = lazy(() => import('./ChatTemplateForm'));

export const messageManagement: ResourceConfig = {
  name: 'message-management',
  routeCodes,
  paths: { page: 'message-management' },
  page: lazy(() => import('./MessagePages')),
  icon: QuestionAnswerOutlined,
};

export const messageChatTemplates: ResourceConfig = {
  name: 'message-chat-templates',
  routeCodes,
  paths: { page: 'message-management/:id/chat-template' },
  page: lazy(() => import('./ChatTemplates')),
  icon: QuestionAnswerOutlined,
};

export const messageChatTemplateCreate: ResourceConfig = {
  name: 'message-chat-template-create',
  routeCodes,
  paths: { page: 'message-management/:id/chat-template/create' },
  page: templateForm,
  icon: QuestionAnswerOutlined,
};

export const messageChatTemplate: ResourceConfig = {
  name: 'message-chat-template',
  routeCodes,
  paths: { page: 'message-management/:id/chat-template/:templateId' },
  page: templateForm,
  icon: QuestionAnswerOutlined,
};

export const messageChatChannel: ResourceConfig = {
  name: 'message-chat-channel',
  routeCodes,
  paths: { page: 'message-management/:id/setting-chat-channel' },
  page: lazy(() => import('./ChatChannel')),
  icon: QuestionAnswerOutlined,
};

export const messageFaqChannel: ResourceConfig = {
  name: 'message-faq-channel',
  routeCodes,
  paths: { page: 'message-management/:id/setting-faq-channel' },
  page: lazy(() => import('./FaqChannel')),
  icon: QuestionAnswerOutlined,
};

export const messageManagementResources: readonly ResourceConfig[] = [
  messageManagement,
  messageChatTemplates,
  messageChatTemplateCreate,
  messageChatTemplate,
  messageChatChannel,
  messageFaqChannel,
];

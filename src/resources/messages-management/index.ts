import { lazy } from 'react';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 messages-management; {id}/client with optional /{clientId} (BUSINESS_PAGE_USER_CHAT_MANAGEMENT):
 * the pages the caller chats for, a page's inbox, and a conversation beside it, live over the chat
 * websocket. Several configs, one code: the first claims the sidebar entry. The server checks the page
 * role (page admin or chat agent) on every call.
 */
const routeCodes = ['BUSINESS_PAGE_USER_CHAT_MANAGEMENT'] as const;
const inbox = lazy(() => import('./ChatInbox'));

export const messagesManagement: ResourceConfig = {
  name: 'messages-management',
  routeCodes,
  paths: { page: 'messages-management' },
  page: lazy(() => import('./ChatPages')),
  icon: ForumOutlined,
};

export const messagesClient: ResourceConfig = {
  name: 'messages-client',
  routeCodes,
  paths: { page: 'messages-management/:id/client' },
  page: inbox,
  icon: ForumOutlined,
};

export const messagesConversation: ResourceConfig = {
  name: 'messages-conversation',
  routeCodes,
  paths: { page: 'messages-management/:id/client/:clientId' },
  page: inbox,
  icon: ForumOutlined,
};

/** {id}/tag-management: the page's tags (TagManagement.tsx). */
export const messagesTagManagement: ResourceConfig = {
  name: 'messages-tag-management',
  routeCodes,
  paths: { page: 'messages-management/:id/tag-management' },
  page: lazy(() => import('./TagManagement')),
  icon: ForumOutlined,
};

/** {id}/message-configuration: greeting, outside-hours and away replies, auto-resolve (MessageConfiguration.tsx). */
export const messagesConfiguration: ResourceConfig = {
  name: 'messages-configuration',
  routeCodes,
  paths: { page: 'messages-management/:id/message-configuration' },
  page: lazy(() => import('./MessageConfiguration')),
  icon: ForumOutlined,
};

export const messagesResources: readonly ResourceConfig[] = [messagesManagement, messagesClient, messagesConversation, messagesTagManagement, messagesConfiguration];

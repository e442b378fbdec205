/**
 * Live chat between a business page and its customers (issue 18; spec §2 messages-management,
 * {id}/client/{clientId}, route code BUSINESS_PAGE_USER_CHAT_MANAGEMENT; §7 live-chat paths and a
 * websocket endpoint). Shared by the API, the agent inbox and the public page's chat widget:
 * statuses, kinds, the zod schemas of every input, and the websocket protocol.
 */
import { z } from 'zod';
import { dbIdParam, dbIdSchema, ValidationKeys } from './validation';

export const CONVERSATION_STATUSES = ['OPEN', 'PENDING', 'RESOLVED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const MESSAGE_KINDS = ['TEXT', 'IMAGE', 'FILE', 'PAYMENT_LINK', 'NOTE'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_SENDERS = ['CUSTOMER', 'STAFF', 'SYSTEM'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** Inbox filters: everything, the caller's own, nobody's. */
export const INBOX_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const LIVE_CHAT_LIMITS = {
  textMaxLength: 2000,
  searchMaxLength: 100,
  clientMessageIdMaxLength: 64,
  historyPageSize: 30,
  historyMaxPageSize: 100,
  /** Messages replayed at most after a reconnect; older ones come through the history call. */
  catchUpMax: 500,
  /** A chat token only opens a connection (docs/decisions.md). */
  tokenSeconds: 120,
  /** The first frame (auth) must arrive within this. */
  authTimeoutMs: 10_000,
  /** How long a typing indicator lasts without a new one. */
  typingMs: 5_000,
  /** Images and files sent in a conversation. */
  attachmentMaxBytes: 5 * 1024 * 1024,
} as const;

/**
 * The inbox's filters: the API's query, and the inbox's address (`?filter=mine&status=OPEN&search=…&tagId=3`),
 * so a reload, the browser's back button or a link sent to a colleague opens the same filtered inbox.
 */
export const inboxFilterShape = {
  filter: z.enum(INBOX_FILTERS).default('all'),
  status: z.enum(CONVERSATION_STATUSES).optional(),
  search: z.string().max(LIVE_CHAT_LIMITS.searchMaxLength).optional(),
  /** Only conversations whose customer carries this tag of the page. */
  tagId: dbIdParam.optional(),
};
export type InboxFilters = z.output<z.ZodObject<typeof inboxFilterShape>>;
type InboxFilterKey = keyof typeof inboxFilterShape;

/** The filters an address names; a value that is not a valid filter is dropped (that one only). */
export function inboxFiltersOf(params: URLSearchParams): InboxFilters {
  const value = (name: InboxFilterKey) => params.get(name) ?? undefined;
  const filter = inboxFilterShape.filter.safeParse(value('filter'));
  const status = inboxFilterShape.status.safeParse(value('status'));
  const tagId = inboxFilterShape.tagId.safeParse(value('tagId'));
  return {
    filter: filter.success ? filter.data : 'all',
    status: status.success ? status.data : undefined,
    search: value('search')?.slice(0, LIVE_CHAT_LIMITS.searchMaxLength) || undefined,
    tagId: tagId.success ? tagId.data : undefined,
  };
}

/** `params` with `filters` written in (defaults and empty values left out); other parameters kept. */
export function withInboxFilters(params: URLSearchParams, filters: InboxFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<InboxFilterKey, string | undefined> = {
    filter: filters.filter === 'all' ? undefined : filters.filter,
    status: filters.status,
    search: filters.search || undefined,
    tagId: filters.tagId === undefined ? undefined : String(filters.tagId),
  };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** What may be sent as a file: pictures (shown) and PDF (downloaded); the content is checked, not the name only. */
export const CHAT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const CHAT_FILE_EXTENSIONS = ['pdf'] as const;
/** The generated storage name of a chat file. */
export const CHAT_FILE_NAME = /^[0-9a-f-]{36}\.(jpg|jpeg|png|pdf)$/;

/** The websocket endpoint (under /api). */
export const LIVE_CHAT_WS_PATH = '/live-chat/ws';

/** Close codes: 4401 bad or expired token (fetch a new one), 4403 no longer allowed (signed out, role lost). */
export const WS_CLOSE = { unauthenticated: 4401, forbidden: 4403, protocol: 4400 } as const;

const text = z
  .string(ValidationKeys.required)
  .max(LIVE_CHAT_LIMITS.textMaxLength, ValidationKeys.invalid)
  .refine((v) => v.trim().length > 0, ValidationKeys.required);

const clientMessageId = z
  .string(ValidationKeys.invalid)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, ValidationKeys.invalid)
  .optional();

/**
 * A staff message: text to the customer, a private note only staff see, or a payment link of the
 * merchant's payment centre sent as a card (its title is the text unless one is given).
 */
export const staffMessageSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('TEXT'), body: text, clientMessageId }),
    z.strictObject({ kind: z.literal('NOTE'), body: text, clientMessageId }),
    z.strictObject({ kind: z.literal('PAYMENT_LINK'), paymentLinkId: dbIdSchema, body: text.optional(), clientMessageId }),
  ],
  ValidationKeys.invalid,
);
export type StaffMessageInput = z.infer<typeof staffMessageSchema>;

/** A customer's message (text). */
export const customerMessageSchema = z.strictObject({ body: text, clientMessageId });
export type CustomerMessageInput = z.infer<typeof customerMessageSchema>;

export const assignSchema = z.strictObject({ assigneeUserId: dbIdSchema.nullable() });
export const statusSchema = z.strictObject({ status: z.enum(CONVERSATION_STATUSES, ValidationKeys.invalid) });
export const readSchema = z.strictObject({ upToId: dbIdSchema });

/** Websocket frames from a client. `since` is the highest message id the client holds. */
export const wsClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4096), since: z.number().int().min(0).optional() }),
  z.strictObject({ type: z.literal('typing'), conversationId: dbIdSchema }),
  z.strictObject({ type: z.literal('read'), conversationId: dbIdSchema, upToId: dbIdSchema }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type WsClientFrame = z.infer<typeof wsClientFrameSchema>;

export interface ChatAttachment {
  name: string;
  url: string;
  mimeType: string;
  size: number;
}

export interface ChatMessage {
  id: number;
  conversationId: number;
  pageId: number;
  sender: MessageSender;
  /** The staff member who wrote it (staff side only; customers see null). */
  senderUserId: number | null;
  senderName: string | null;
  kind: MessageKind;
  body: string;
  attachment: ChatAttachment | null;
  paymentLinkId: number | null;
  /** The card of a PAYMENT_LINK message: the payer page is /portal/pay/<code>. */
  paymentLink: { code: string; title: string; amountType: string; amount: number | null } | null;
  clientMessageId: string | null;
  createdAt: string;
  deliveredAt: string | null;
  readAt: string | null;
}

export interface ConversationSummary {
  id: number;
  pageId: number;
  customerId: number;
  customerName: string;
  /** Masked for staff (0963•••411). */
  customerPhone: string | null;
  status: ConversationStatus;
  assigneeUserId: number | null;
  assigneeName: string | null;
  lastMessageId: number | null;
  lastMessageAt: string | null;
  lastMessagePreview: string | null;
  lastMessageKind: MessageKind | null;
  lastMessageSender: MessageSender | null;
  unread: number;
  /** The customer's tags on the page (tag-management). */
  tags: { id: number; name: string; color: string }[];
}

/** The customer beside a conversation (phone masked; payments are theirs with this merchant, matched by wallet phone). */
export interface ChatCustomerProfile {
  customerId: number;
  name: string;
  phone: string | null;
  followsPage: boolean;
  payments: { count: number; total: number; lastAt: string | null };
  recent: { id: string; createdAt: string; amount: number; status: string }[];
}

/** A page the caller may chat for, with its inbox figures. */
export interface ChatPage {
  id: number;
  name: string;
  slug: string;
  status: string;
  /** Conversations with customer messages staff have not read. */
  unreadConversations: number;
  open: number;
}

/** Websocket frames from the server. */
export type WsServerFrame =
  /** `lastId`: the highest message id the socket may see now (the next reconnect's `since`). */
  | { type: 'ready'; pageIds: number[]; caughtUp: number; lastId: number }
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; conversationId: number; sender: MessageSender; name: string | null }
  | { type: 'receipt'; conversationId: number; kind: 'delivered' | 'read'; sender: MessageSender; upToId: number }
  | { type: 'conversation'; conversationId: number; status: ConversationStatus; assigneeUserId: number | null }
  | { type: 'pong' }
  | { type: 'error'; message: string };

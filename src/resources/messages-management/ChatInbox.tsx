import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHAT_FILE_EXTENSIONS,
  CHAT_IMAGE_EXTENSIONS,
  CONVERSATION_STATUSES,
  INBOX_FILTERS,
  inboxFiltersOf,
  LIVE_CHAT_LIMITS,
  withInboxFilters,
  type ChatMessage,
  type ConversationStatus,
  type InboxFilter,
  type InboxFilters,
  type WsServerFrame,
} from '@/domain/liveChat';
import { formatDateTime, formatMoney } from '@/domain/format';
import { getCommon } from '@/authProvider/session';
import type { ChatHistory, PayableLink } from '@/dataProvider/api/liveChat';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { R } from './ChatPages';
import { useChatSocket } from './useChatSocket';
import { QuickReplies } from './QuickReplies';
import { InboxTagFilter, TagChip, TagPicker } from './TagPicker';

const key = (...parts: (string | number | undefined)[]) => ['live-chat', ...parts];

/**
 * Spec §2 messages-management/{id}/client and /{clientId}: the page's inbox (filters, status, search
 * without accents on the server) and the chosen conversation beside it (history by keyset, send, private
 * notes, assign, status, typing and receipts), live over the chat websocket. On a narrow screen the list
 * and the conversation take the whole width in turn.
 */
export default function ChatInbox() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { id = '', clientId } = useParams();
  const pageId = Number(id);
  const conversationId = clientId ? Number(clientId) : null;
  // The filters live in the address: a reload or a link sent to a colleague opens the same inbox.
  const [searchParams, setSearchParams] = useSearchParams();
  const { filter, status = '', search = '', tagId = null } = useMemo(() => inboxFiltersOf(searchParams), [searchParams]);
  const setFilters = useCallback(
    (change: Partial<InboxFilters>) => setSearchParams((params) => withInboxFilters(params, { ...inboxFiltersOf(params), ...change }), { replace: true }),
    [setSearchParams],
  );
  // The box keeps its own text: the address follows each keystroke, never the other way round mid-word.
  const [searchText, setSearchText] = useState(search);
  const [typing, setTyping] = useState<Record<number, number>>({});
  const [receipts, setReceipts] = useState<Record<number, { delivered: number; read: number }>>({});

  const pages = useQuery({ queryKey: key('pages'), queryFn: () => api.liveChatPages() });
  const page = pages.data?.find((p) => p.id === pageId);
  const inbox = useQuery({
    queryKey: key('inbox', pageId, filter, status, search, tagId ?? undefined),
    queryFn: () => api.liveChatInbox(pageId, { filter, status: status || undefined, search: search.trim() || undefined, tagId: tagId ?? undefined }),
  });

  const onFrame = useCallback(
    (frame: WsServerFrame) => {
      if (frame.type === 'ready') {
        // What was committed before this socket listened is read again (the first connection has no `since`).
        void queryClient.invalidateQueries({ queryKey: key('inbox', pageId) });
        void queryClient.invalidateQueries({ queryKey: key('history') });
        void queryClient.invalidateQueries({ queryKey: key('conversation') });
      } else if (frame.type === 'message') {
        const m = frame.message;
        if (m.pageId !== pageId) return;
        queryClient.setQueryData<InfiniteData<ChatHistory, number | undefined>>(key('history', m.conversationId), (old) => {
          if (!old || old.pages[0]?.content.some((x) => x.id === m.id)) return old;
          const [first, ...rest] = old.pages;
          return { ...old, pages: [{ ...first!, content: [m, ...first!.content] }, ...rest] };
        });
        setTyping((t) => ({ ...t, [m.conversationId]: 0 }));
        void queryClient.invalidateQueries({ queryKey: key('inbox', pageId) });
      } else if (frame.type === 'typing' && frame.sender === 'CUSTOMER') {
        setTyping((t) => ({ ...t, [frame.conversationId]: Date.now() + LIVE_CHAT_LIMITS.typingMs }));
      } else if (frame.type === 'receipt' && frame.sender === 'CUSTOMER') {
        setReceipts((r) => {
          const was = r[frame.conversationId] ?? { delivered: 0, read: 0 };
          const next = { delivered: Math.max(was.delivered, frame.upToId), read: frame.kind === 'read' ? Math.max(was.read, frame.upToId) : was.read };
          return { ...r, [frame.conversationId]: next };
        });
      } else if (frame.type === 'conversation' || frame.type === 'receipt') {
        void queryClient.invalidateQueries({ queryKey: key('inbox', pageId) });
        void queryClient.invalidateQueries({ queryKey: key('conversation', frame.conversationId) });
      }
    },
    [pageId, queryClient],
  );
  const socket = useChatSocket(onFrame);

  // Typing indicators expire on their own.
  useEffect(() => {
    const timer = setInterval(() => setTyping((t) => (Object.values(t).some((until) => until && until < Date.now()) ? Object.fromEntries(Object.entries(t).filter(([, until]) => until > Date.now())) : t)), 1000);
    return () => clearInterval(timer);
  }, []);

  const listVisibleOnXs = conversationId === null;
  return (
    <>
      <Title title={`${translate('resources.messages-client.name')}${page ? ` · ${page.name}` : ''}`} />
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={pathOf('messages-management', 'page')}>
          {translate(`${R}.back`)}
        </Link>
        <Chip
          size="small"
          label={translate(`${R}.live.${socket.state}`)}
          color={socket.state === 'live' ? 'success' : socket.state === 'closed' ? 'error' : 'default'}
          // No colour fade: mid-fade the text is briefly below 4.5:1 (axe caught it).
          sx={{ transition: 'none' }}
        />
      </Stack>
      {socket.state === 'closed' && <Alert severity="warning">{translate(`${R}.live.closedHelp`)}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'stretch', minWidth: 0 }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0, display: { xs: listVisibleOnXs ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
          <Stack spacing={1} sx={{ p: 1.5 }}>
            <TextField
              size="small"
              label={translate(`${R}.search`)}
              value={searchText}
              onChange={(e) => {
                const text = e.target.value.slice(0, LIVE_CHAT_LIMITS.searchMaxLength);
                setSearchText(text);
                setFilters({ search: text });
              }}
              slotProps={{ htmlInput: { maxLength: LIVE_CHAT_LIMITS.searchMaxLength } }}
            />
            <Stack direction="row" spacing={1}>
              <TextField select size="small" fullWidth label={translate(`${R}.filterLabel`)} value={filter} onChange={(e) => setFilters({ filter: e.target.value as InboxFilter })}>
                {INBOX_FILTERS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {translate(`${R}.filter.${f}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" fullWidth label={translate(`${R}.statusLabel`)} value={status} onChange={(e) => setFilters({ status: (e.target.value as ConversationStatus | '') || undefined })}>
                <MenuItem value="">{translate(`${R}.allStatuses`)}</MenuItem>
                {CONVERSATION_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {translate(`${R}.status.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <InboxTagFilter pageId={pageId} value={tagId} onChange={(id) => setFilters({ tagId: id ?? undefined })} />
          </Stack>
          {inbox.isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
          {inbox.data && inbox.data.content.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              {translate(`${R}.empty`)}
            </Typography>
          )}
          <List dense aria-label={translate('resources.messages-client.name')} sx={{ maxHeight: 560, overflowY: 'auto' }}>
            {inbox.data?.content.map((c) => (
              <ListItem key={c.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  // Opening a conversation keeps the inbox's filters (and so does the way back on a phone).
                  to={{ pathname: pathOf('messages-conversation', 'page', { id: pageId, clientId: c.id }), search: searchParams.toString() }}
                  selected={c.id === conversationId}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                        <Typography variant="body2" noWrap sx={{ fontWeight: c.unread > 0 ? 700 : 400, flex: 1, minWidth: 0 }}>
                          {c.customerName}
                        </Typography>
                        {c.unread > 0 && <Badge color="primary" badgeContent={c.unread} aria-label={translate(`${R}.unreadCount`, { count: c.unread })} sx={{ mr: 1 }} />}
                      </Stack>
                    }
                    secondary={
                      <>
                        <Typography component="span" variant="caption" noWrap sx={{ display: 'block' }}>
                          {typing[c.id] ? translate(`${R}.customerTyping`) : (c.lastMessagePreview ?? '')}
                        </Typography>
                        <Typography component="span" variant="caption" color="text.secondary">
                          {`${translate(`${R}.status.${c.status}`)} · ${c.assigneeName ?? translate(`${R}.unassigned`)}`}
                        </Typography>
                        {c.tags.length > 0 && (
                          <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                            {c.tags.map((tag) => (
                              <TagChip key={tag.id} tag={tag} />
                            ))}
                          </Box>
                        )}
                      </>
                    }
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        {conversationId !== null ? (
          <Conversation
            key={conversationId}
            pageId={pageId}
            conversationId={conversationId}
            typing={(typing[conversationId] ?? 0) > Date.now()}
            receipt={receipts[conversationId]}
            sendFrame={socket.send}
          />
        ) : (
          <Paper variant="outlined" sx={{ flex: 1, p: 3, display: { xs: 'none', md: 'block' } }}>
            <Typography color="text.secondary">{translate(`${R}.selectConversation`)}</Typography>
          </Paper>
        )}
      </Box>
    </>
  );
}

function Conversation({
  pageId,
  conversationId,
  typing,
  receipt,
  sendFrame,
}: {
  pageId: number;
  conversationId: number;
  typing: boolean;
  receipt: { delivered: number; read: number } | undefined;
  sendFrame: (frame: object) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const pathOf = usePathOf();
  const location = useLocation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [note, setNote] = useState(false);
  const lastTyping = useRef(0);

  const conversation = useQuery({ queryKey: key('conversation', conversationId), queryFn: () => api.liveChatConversation(pageId, conversationId) });
  const profile = useQuery({ queryKey: key('profile', conversationId), queryFn: () => api.liveChatProfile(pageId, conversationId) });
  const history = useInfiniteQuery({
    queryKey: key('history', conversationId),
    queryFn: ({ pageParam }) => api.liveChatHistory(pageId, conversationId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const messages = useMemo(() => [...(history.data?.pages.flatMap((p) => p.content) ?? [])].reverse(), [history.data]);
  const lastCustomer = useMemo(() => messages.filter((m) => m.sender === 'CUSTOMER').reduce((top, m) => Math.max(top, m.id), 0), [messages]);

  // What is on screen is read.
  useEffect(() => {
    if (lastCustomer > 0) void api.liveChatRead(pageId, conversationId, lastCustomer).then(() => queryClient.invalidateQueries({ queryKey: key('inbox', pageId) }));
  }, [api, pageId, conversationId, lastCustomer, queryClient]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key('conversation', conversationId) });
    void queryClient.invalidateQueries({ queryKey: key('inbox', pageId) });
  };
  const send = useMutation({
    mutationFn: () => api.liveChatSend(pageId, conversationId, { kind: note ? 'NOTE' : 'TEXT', body, clientMessageId: crypto.randomUUID().replace(/-/g, '') }),
    onSuccess: (m: ChatMessage) => {
      setBody('');
      queryClient.setQueryData<InfiniteData<ChatHistory, number | undefined>>(key('history', conversationId), (old) => {
        if (!old || old.pages[0]?.content.some((x) => x.id === m.id)) return old;
        const [first, ...rest] = old.pages;
        return { ...old, pages: [{ ...first!, content: [m, ...first!.content] }, ...rest] };
      });
      refresh();
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => api.liveChatUpload(pageId, conversationId, file),
    onSuccess: (m: ChatMessage) => {
      queryClient.setQueryData<InfiniteData<ChatHistory, number | undefined>>(key('history', conversationId), (old) => {
        if (!old || old.pages[0]?.content.some((x) => x.id === m.id)) return old;
        const [first, ...rest] = old.pages;
        return { ...old, pages: [{ ...first!, content: [m, ...first!.content] }, ...rest] };
      });
      refresh();
    },
  });
  const sendLink = useMutation({
    mutationFn: (link: PayableLink) => api.liveChatSend(pageId, conversationId, { kind: 'PAYMENT_LINK', paymentLinkId: link.id, clientMessageId: crypto.randomUUID().replace(/-/g, '') }),
    onSuccess: (m: ChatMessage) => {
      setPicking(false);
      queryClient.setQueryData<InfiniteData<ChatHistory, number | undefined>>(key('history', conversationId), (old) => {
        if (!old || old.pages[0]?.content.some((x) => x.id === m.id)) return old;
        const [first, ...rest] = old.pages;
        return { ...old, pages: [{ ...first!, content: [m, ...first!.content] }, ...rest] };
      });
      refresh();
    },
  });
  const [picking, setPicking] = useState(false);
  const setStatus = useMutation({ mutationFn: (s: ConversationStatus) => api.liveChatStatus(pageId, conversationId, s), onSuccess: refresh });
  const assign = useMutation({ mutationFn: (userId: number | null) => api.liveChatAssign(pageId, conversationId, userId), onSuccess: refresh });
  const myUserId = useMyUserId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (body.trim() === '') {
      notify(translate(`${R}.emptyMessage`), { type: 'warning' });
      return;
    }
    send.mutate();
  };
  const c = conversation.data;
  const lastStaff = messages.filter((m) => m.sender === 'STAFF' && m.kind !== 'NOTE').at(-1);
  const receiptOf = (m: ChatMessage) => {
    if (m.readAt || (receipt && receipt.read >= m.id)) return translate(`${R}.read`);
    if (m.deliveredAt || (receipt && receipt.delivered >= m.id)) return translate(`${R}.delivered`);
    return translate(`${R}.sent`);
  };

  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Link component={RouterLink} to={{ pathname: pathOf('messages-client', 'page', { id: pageId }), search: location.search }} sx={{ display: { md: 'none' } }}>
          {translate(`${R}.backToInbox`)}
        </Link>
        {c && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" noWrap>
                {c.customerName}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {`${c.customerPhone ?? ''} · ${c.assigneeName ?? translate(`${R}.unassigned`)}`}
              </Typography>
              {profile.data && (
                <Typography variant="caption" color="text.secondary" data-testid="chat-profile">
                  {[
                    translate(profile.data.followsPage ? `${R}.profile.follows` : `${R}.profile.notFollowing`),
                    profile.data.payments.count === 0
                      ? translate(`${R}.profile.noPayments`)
                      : translate(`${R}.profile.payments`, { count: profile.data.payments.count, total: formatMoney(profile.data.payments.total, getLanguage()) }),
                  ].join(' · ')}
                </Typography>
              )}
              <TagPicker pageId={pageId} conversationId={conversationId} />
            </Box>
            <TextField
              select
              size="small"
              label={translate(`${R}.statusLabel`)}
              value={c.status}
              onChange={(e) => setStatus.mutate(e.target.value as ConversationStatus)}
              sx={{ minWidth: 140 }}
            >
              {CONVERSATION_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {translate(`${R}.status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            {myUserId !== null && c.assigneeUserId !== myUserId && (
              <Button size="small" variant="outlined" onClick={() => assign.mutate(myUserId)}>
                {translate(`${R}.assignMe`)}
              </Button>
            )}
            {c.assigneeUserId !== null && (
              <Button size="small" onClick={() => assign.mutate(null)}>
                {translate(`${R}.unassign`)}
              </Button>
            )}
          </Stack>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', p: 1.5, maxHeight: 480 }} role="log" aria-live="polite" aria-label={translate('resources.messages-conversation.name')}>
        {history.hasNextPage && (
          <Button size="small" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {translate(`${R}.loadOlder`)}
          </Button>
        )}
        {history.isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
        <Stack spacing={1}>
          {messages.map((m) => (
            <Box key={m.id} sx={{ alignSelf: m.sender === 'CUSTOMER' ? 'flex-start' : 'flex-end', maxWidth: '85%' }}>
              <Paper
                elevation={0}
                sx={{
                  p: 1,
                  bgcolor: m.kind === 'NOTE' ? 'warning.light' : m.sender === 'CUSTOMER' ? 'grey.100' : 'primary.light',
                  color: m.kind === 'NOTE' || m.sender === 'CUSTOMER' ? 'text.primary' : 'primary.contrastText',
                  overflowWrap: 'anywhere',
                  whiteSpace: 'pre-wrap',
                }}
              >
                {m.kind === 'NOTE' && (
                  <Typography variant="caption" sx={{ display: 'block', fontWeight: 700 }}>
                    {translate(`${R}.noteBadge`)}
                  </Typography>
                )}
                {m.kind === 'IMAGE' && m.attachment ? (
                  <Box component="img" src={m.attachment.url} alt={m.attachment.name} sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1 }} />
                ) : m.kind === 'FILE' && m.attachment ? (
                  <Link href={m.attachment.url} color="inherit" variant="body2">
                    {translate(`${R}.downloadFile`, { name: m.attachment.name })}
                  </Link>
                ) : (
                  <Typography variant="body2">{m.body}</Typography>
                )}
                {m.paymentLink && (
                  <Link href={`/portal/pay/${encodeURIComponent(m.paymentLink.code)}`} target="_blank" rel="noopener" color="inherit" variant="caption">
                    {m.paymentLink.amount === null
                      ? translate(`${R}.paymentCard`, { code: m.paymentLink.code })
                      : translate(`${R}.paymentCardAmount`, { code: m.paymentLink.code, amount: formatMoney(m.paymentLink.amount, getLanguage()) })}
                  </Link>
                )}
              </Paper>
              <Typography variant="caption" color="text.secondary">
                {`${m.senderName ? `${m.senderName} · ` : ''}${formatDateTime(m.createdAt)}${m.id === lastStaff?.id ? ` · ${receiptOf(m)}` : ''}`}
              </Typography>
            </Box>
          ))}
        </Stack>
        {typing && (
          <Typography variant="caption" color="text.secondary" role="status">
            {translate(`${R}.customerTyping`)}
          </Typography>
        )}
      </Box>
      <Box component="form" onSubmit={submit} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={translate(note ? `${R}.note` : `${R}.message`)}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            if (!note && Date.now() - lastTyping.current > 2000) {
              lastTyping.current = Date.now();
              sendFrame({ type: 'typing', conversationId });
            }
          }}
          slotProps={{ htmlInput: { maxLength: LIVE_CHAT_LIMITS.textMaxLength } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormControlLabel control={<Checkbox checked={note} onChange={(e) => setNote(e.target.checked)} />} label={translate(`${R}.privateNote`)} />
            <Button size="small" onClick={() => setPicking(true)} disabled={sendLink.isPending}>
              {translate(`${R}.paymentLink.open`)}
            </Button>
            <QuickReplies pageId={pageId} customerName={c?.customerName ?? ''} onPick={setBody} />
            <Button component="label" size="small" disabled={upload.isPending}>
              {translate(`${R}.attach`)}
              <input
                hidden
                type="file"
                accept={[...CHAT_IMAGE_EXTENSIONS, ...CHAT_FILE_EXTENSIONS].map((e) => `.${e}`).join(',')}
                aria-label={translate(`${R}.attach`)}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) upload.mutate(file);
                }}
              />
            </Button>
          </Stack>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {translate(`${R}.send`)}
          </Button>
        </Stack>
      </Box>
      {picking && <PaymentLinkPicker pageId={pageId} sending={sendLink.isPending} onPick={(link) => sendLink.mutate(link)} onClose={() => setPicking(false)} />}
    </Paper>
  );
}

/** Chooses one of the merchant's payable payment links (search by title or code) to send as a card. */
function PaymentLinkPicker({ pageId, sending, onPick, onClose }: { pageId: number; sending: boolean; onPick: (link: PayableLink) => void; onClose: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const links = useQuery({ queryKey: key('payment-links', pageId, deferred), queryFn: () => api.liveChatPaymentLinks(pageId, deferred || undefined) });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payment-link-picker-title">
      <DialogTitle id="payment-link-picker-title">{translate(`${R}.paymentLink.title`)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          margin="dense"
          label={translate(`${R}.paymentLink.search`)}
          value={search}
          onChange={(e) => setSearch(e.target.value.slice(0, LIVE_CHAT_LIMITS.searchMaxLength))}
          slotProps={{ htmlInput: { maxLength: LIVE_CHAT_LIMITS.searchMaxLength } }}
        />
        {links.isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
        {links.data && links.data.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {translate(`${R}.paymentLink.none`)}
          </Typography>
        )}
        <List dense aria-label={translate(`${R}.paymentLink.list`)}>
          {links.data?.map((l) => (
            <ListItem key={l.id} disablePadding>
              <ListItemButton disabled={sending} onClick={() => onPick(l)}>
                <ListItemText
                  primary={l.title}
                  secondary={`${l.code} · ${l.amount === null || l.amountType !== 'FIXED' ? translate(`${R}.paymentLink.openAmount`) : formatMoney(l.amount, getLanguage())}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${R}.paymentLink.cancel`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The signed-in user's id (spec §3 common state userId). */
function useMyUserId(): number | null {
  const [id] = useState<number | null>(() => {
    const userId = getCommon()?.userId;
    return typeof userId === 'number' ? userId : null;
  });
  return id;
}

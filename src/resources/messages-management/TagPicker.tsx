import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CustomerTag } from '@/domain/messageSettings';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/** i18n prefix of tag-management and the inbox's tags. */
export const T = 'resources.messages-tag-management';
export const tagKey = (pageId: number) => ['message-management', 'tags', pageId];

/** A colour's name for the palette's options (keys without the '#'). */
export const colorName = (translate: (key: string) => string, color: string) => translate(`${T}.colors.c${color.slice(1)}`);

/** A tag: its colour as a dot, its name in the text colour (readable whatever the colour). */
export function TagChip({ tag, onDelete, deleteLabel }: { tag: CustomerTag; onDelete?: () => void; deleteLabel?: string }) {
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      icon={<Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: tag.color, ml: '6px !important' }} />}
      label={tag.name}
      onDelete={onDelete}
      title={onDelete ? deleteLabel : undefined}
      sx={{ borderColor: tag.color }}
    />
  );
}

/** The page's tags for a filter or a picker (no toast: an agent without tags simply sees none). */
export function usePageTags(pageId: number) {
  const api = usePortalApi();
  return useQuery({ queryKey: tagKey(pageId), queryFn: () => api.pageTags(pageId) });
}

/** The inbox's tag filter: every conversation, or those whose customer carries one tag. */
export function InboxTagFilter({ pageId, value, onChange }: { pageId: number; value: number | null; onChange: (tagId: number | null) => void }) {
  const translate = useTranslate();
  const tags = usePageTags(pageId);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={translate(`${T}.filter`)}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <MenuItem value="">{translate(`${T}.allTags`)}</MenuItem>
      {(tags.data ?? []).map((tag) => (
        <MenuItem key={tag.id} value={tag.id}>
          {tag.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The tags of a conversation's customer beside the conversation: each removable, and a picker of the
 * page's other tags. The inbox rows show the change on their next read.
 */
export function TagPicker({ pageId, conversationId }: { pageId: number; conversationId: number }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const key = ['message-management', 'conversation-tags', pageId, conversationId];
  const current = useQuery({ queryKey: key, queryFn: () => api.conversationTags(pageId, conversationId) });
  const tags = usePageTags(pageId);
  const [busy, setBusy] = useState(false);
  const change = async (action: () => Promise<CustomerTag[]>) => {
    setBusy(true);
    try {
      queryClient.setQueryData(key, await action());
      await queryClient.invalidateQueries({ queryKey: ['live-chat', 'inbox', pageId] });
      await queryClient.invalidateQueries({ queryKey: tagKey(pageId) });
    } catch {
      // The httpClient has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const mine = current.data ?? [];
  const others = (tags.data ?? []).filter((t) => !mine.some((m) => m.id === t.id));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="conversation-tags">
      {mine.map((tag) => (
        <TagChip
          key={tag.id}
          tag={tag}
          deleteLabel={translate(`${T}.remove`, { name: tag.name })}
          onDelete={busy ? undefined : () => void change(() => api.removeConversationTag(pageId, conversationId, tag.id))}
        />
      ))}
      {others.length > 0 && (
        <TextField
          select
          size="small"
          sx={{ minWidth: 160 }}
          label={translate(`${T}.add`)}
          value=""
          disabled={busy}
          onChange={(e) => void change(() => api.addConversationTag(pageId, conversationId, Number(e.target.value)))}
        >
          {others.map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              {tag.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

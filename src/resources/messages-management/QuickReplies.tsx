import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { fillCustomerTemplate } from '@/domain/customerTemplates';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { R } from './ChatPages';

const Q = `${R}.quickReplies`;

/**
 * Quick replies in the conversation's composer: the page's chat templates (message-management), the
 * chosen one filled for this customer (${name}) and page (${page}) and put in the message box to edit
 * or send.
 */
export function QuickReplies({ pageId, customerName, onPick }: { pageId: number; customerName: string; onPick: (text: string) => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pages = useQuery({ queryKey: ['live-chat', 'pages'], queryFn: () => api.liveChatPages() });
  const pageName = pages.data?.find((p) => p.id === pageId)?.name ?? '';
  const templates = useQuery({ queryKey: ['message-management', 'templates', pageId, ''], queryFn: () => api.chatTemplates(pageId), enabled: anchor !== null });
  return (
    <>
      <Button size="small" aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(e) => setAnchor(e.currentTarget)}>
        {translate(`${Q}.open`)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': translate(`${Q}.open`) } }}>
        {templates.isPending && <MenuItem disabled>{translate(`${Q}.loading`)}</MenuItem>}
        {templates.data?.length === 0 && <MenuItem disabled>{translate(`${Q}.empty`)}</MenuItem>}
        {templates.data?.map((t) => (
          <MenuItem
            key={t.id}
            onClick={() => {
              onPick(fillCustomerTemplate(t.text, { name: customerName, page: pageName }));
              setAnchor(null);
            }}
          >
            <ListItemText primary={t.title} secondary={`/${t.shortcut}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

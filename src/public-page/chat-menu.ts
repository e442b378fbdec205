/**
 * What the customer sees when the page's chat opens (issue 18, setting-faq-channel): the quick-menu
 * buttons and the FAQ questions of the page (GET the public chat menu). Picking one POSTs it: the server
 * sends it as the customer's message and, for an FAQ question, the page's answer follows; both arrive in
 * the conversation over the widget's websocket like any message. When chat is off, or only followers may
 * start one, the block says so instead.
 */
import { MessageManagementApiPaths } from '@/domain/api';
import type { ChatMenu } from '@/domain/messageSettings';
import { api, button, el, path, t } from './dom';

/** Renders the page's quick menu and FAQ questions into `container` (replacing what was there). */
export async function renderChatMenu(container: HTMLElement): Promise<void> {
  const res = await api<ChatMenu>(path(MessageManagementApiPaths.chatMenu));
  if (!res.ok || !res.data) {
    container.replaceChildren();
    return;
  }
  const menu = res.data;
  const status = el('p', { class: 'chat-menu-status', role: 'status' });
  const pick = async (choice: { menuItemId: number } | { faqId: number }) => {
    status.textContent = '';
    const answer = await api(path(MessageManagementApiPaths.chatMenu), { method: 'POST', body: JSON.stringify(choice) });
    if (!answer.ok) status.textContent = answer.message ?? t('chat.sendFailed');
  };
  if (!menu.chatEnabled || menu.followersOnly) {
    container.replaceChildren(el('p', { class: 'chat-menu-note' }, t(menu.chatEnabled ? 'chatMenu.followersOnly' : 'chatMenu.chatOff')));
    return;
  }
  const blocks: Node[] = [];
  if (menu.menu.length > 0) {
    blocks.push(
      el(
        'div',
        { class: 'chat-menu-buttons', role: 'group', 'aria-label': t('chatMenu.menu') },
        ...menu.menu.map((item) => button(item.label, () => pick({ menuItemId: item.id }), { class: 'secondary' })),
      ),
    );
  }
  if (menu.faq.length > 0) {
    blocks.push(
      el('p', { class: 'chat-menu-title', id: 'chat-faq-title' }, t('chatMenu.faq')),
      el('ul', { class: 'chat-menu-faq', 'aria-labelledby': 'chat-faq-title' }, ...menu.faq.map((q) => el('li', {}, button(q.question, () => pick({ faqId: q.id }), { class: 'link' })))),
    );
  }
  container.replaceChildren(...blocks, status);
}

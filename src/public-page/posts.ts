/**
 * Posts of the public page: pinned first, then newest, a page of ten at a time ("Show more"). The body
 * is the HTML the server stored, already sanitised by sanitizePostHtml. A signed-in demo customer
 * likes a post and comments on it.
 */
import { PublicPageApiPaths as Paths } from '@/domain/api';
import type { PublicComment, PublicPost } from '@/domain/publicPage';
import { formatVietnamDateTime } from '@/domain/time';
import { api, el, pager, path, t } from './dom';

function commentItem(c: PublicComment) {
  return el('li', { class: c.asPage ? 'reply' : undefined }, el('strong', {}, c.author ?? t('asPage')), ' ', el('span', {}, c.body));
}

function commentsBlock(post: PublicPost, signedIn: boolean) {
  const list = el('ul', { class: 'comments', id: `comments-${post.id}` });
  const toggle = el('button', { type: 'button', class: 'link', 'aria-expanded': 'false', 'aria-controls': `comments-${post.id}` }, t('comments', { count: post.comments }));
  const comments = pager(path(Paths.comments, { postId: post.id }), list, commentItem, () => el('li', { class: 'muted' }, t('noComments')), 'link');
  const box = el('div', { hidden: '' }, list, comments.more);
  let total = post.comments;
  toggle.addEventListener('click', () => {
    const open = box.hidden;
    box.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) void comments.load();
  });

  if (signedIn) {
    const id = `comment-${post.id}`;
    const input = el('input', { id, name: 'body', maxlength: '1000', required: '' });
    const error = el('p', { class: 'error', role: 'alert' });
    const form = el('form', { class: 'inline' }, el('label', { for: id }, t('commentLabel')), input, el('button', { type: 'submit' }, t('send')), error);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      error.textContent = '';
      void api<PublicComment>(path(Paths.comments, { postId: post.id }), { method: 'POST', body: JSON.stringify({ body: input.value }) }).then((res) => {
        if (!res.ok || !res.data) {
          error.textContent = res.message ?? t('actionFailed');
          return;
        }
        input.value = '';
        total += 1;
        toggle.textContent = t('comments', { count: total });
        if (box.hidden) toggle.click();
        else list.append(commentItem(res.data));
      });
    });
    box.prepend(form);
  }
  return el('div', {}, toggle, box);
}

function postItem(post: PublicPost, signedIn: boolean) {
  const body = el('div', { class: 'body' });
  // Stored by the server through sanitizePostHtml (allow-listed tags, no scripts or handlers).
  body.innerHTML = post.bodyHtml;
  // Bodies stored before every image got an alt: one without is decorative, not a file name read aloud.
  for (const img of body.querySelectorAll('img:not([alt])')) img.setAttribute('alt', '');
  // Images placed in the text show there; the post's other images (sent apart from the text) follow it.
  const inline = new Set(Array.from(body.querySelectorAll('img'), (img) => img.getAttribute('src')));
  const gallery = post.images.filter((src) => !inline.has(src));
  const likes = el('span', { class: 'muted' }, t('likes', { count: post.reactions }));
  let liked = post.myReaction !== null;
  let reactions = post.reactions;
  const like = signedIn ? el('button', { type: 'button', class: 'secondary', 'aria-pressed': String(liked) }, t('like')) : null;
  like?.addEventListener('click', () => {
    like.disabled = true;
    void api(path(Paths.reaction, { postId: post.id }), liked ? { method: 'DELETE' } : { method: 'PUT', body: JSON.stringify({ kind: 'LIKE' }) }).then((res) => {
      like.disabled = false;
      if (!res.ok) return;
      reactions += liked ? -1 : 1;
      liked = !liked;
      like.setAttribute('aria-pressed', String(liked));
      likes.textContent = t('likes', { count: reactions });
    });
  });
  return el(
    'article',
    { class: 'card post', 'aria-labelledby': `post-${post.id}` },
    post.pinned ? el('p', { class: 'badge' }, t('pinned')) : null,
    el('p', { class: 'muted', id: `post-${post.id}` }, t('publishedAt', { time: formatVietnamDateTime(new Date(post.publishedAt)) })),
    body,
    ...gallery.map((src, i) => el('img', { src, alt: t('postImage', { n: i + 1 }), loading: 'lazy' })),
    el('p', { class: 'actions' }, like, likes),
    commentsBlock(post, signedIn),
  );
}

export async function postsSection(signedIn: boolean): Promise<HTMLElement> {
  const list = el('div', { class: 'posts' });
  const posts = pager(path(Paths.posts), list, (p: PublicPost) => postItem(p, signedIn), () => el('p', { class: 'muted' }, t('noPosts')));
  await posts.load();
  return el('section', { 'aria-labelledby': 'posts' }, el('h2', { id: 'posts' }, t('posts')), list, posts.more);
}

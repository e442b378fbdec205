/**
 * The public business page (/portal/p/<slug>): its own small entry (page.html), never the admin bundle,
 * no merchant sign-in. What a wallet customer sees: cover, avatar, name, description, opening hours
 * (today's highlighted, Vietnam time), stores, live stories, posts (pinned first, sanitised HTML as the
 * server stored it), reviews with the page's replies, rating and followers. In demo mode a demo
 * customer signs in here and follows, reacts, comments, reviews, views stories and chats with the page
 * (./chat.ts).
 */
import { PublicPageApiPaths as Paths } from '@/domain/api';
import type { PublicPage, PublicStory } from '@/domain/publicPage';
import { isoWeekday, vietnamToday } from '@/domain/time';
import { trackActivity } from './activity';
import { chatSection } from './chat';
import { api, customerSession, el, keepSession, lang, loadTexts, path, t } from './dom';
import { postsSection } from './posts';
import { badgeList, reviewsSection } from './reviews';
import { STYLE } from './style';

const root = document.getElementById('page')!;

function languageLink() {
  const other = lang === 'vi' ? 'en' : 'vi';
  return el('a', { class: 'lang', href: `?lang=${other}`, lang: other }, t('language'));
}

/** The category's name in the reader's language (a code this page does not know shows as it is). */
function categoryLabel(code: string): string {
  const label = t(`categories.${code}`);
  return label === `categories.${code}` ? code : label;
}

function header(page: PublicPage, reload: () => Promise<void>) {
  const follow = page.viewer
    ? el('button', { type: 'button', class: page.viewer.following ? 'secondary' : '', 'aria-pressed': String(page.viewer.following) }, t(page.viewer.following ? 'unfollow' : 'follow'))
    : null;
  follow?.addEventListener('click', () => {
    follow.disabled = true;
    void api(path(Paths.follow), { method: page.viewer?.following ? 'DELETE' : 'PUT' }).then(reload);
  });
  const links = [
    page.hotline ? el('li', {}, `${t('hotline')}: `, el('a', { href: `tel:${page.hotline}` }, page.hotline)) : null,
    page.website ? el('li', {}, `${t('website')}: `, el('a', { href: page.website, rel: 'noopener nofollow', target: '_blank' }, page.website)) : null,
    page.facebook ? el('li', {}, `${t('facebook')}: `, el('a', { href: page.facebook, rel: 'noopener nofollow', target: '_blank' }, page.facebook)) : null,
  ].filter(Boolean);
  return el(
    'header',
    { class: 'head' },
    page.coverUrl ? el('img', { class: 'cover', src: page.coverUrl, alt: t('cover', { name: page.name }) }) : el('div', { class: 'cover' }),
    el(
      'div',
      { class: 'identity' },
      page.avatarUrl ? el('img', { class: 'avatar', src: page.avatarUrl, alt: t('avatar', { name: page.name }) }) : null,
      el('div', {}, el('h1', {}, page.name), page.category ? el('p', { class: 'muted' }, categoryLabel(page.category)) : null),
    ),
    el(
      'p',
      { class: 'stats' },
      el('span', { 'data-testid': 'followers' }, t('followers', { count: page.followers })),
      ' · ',
      el('span', { 'data-testid': 'rating' }, page.rating.average === null ? t('noRating') : t('rating', { average: page.rating.average, count: page.rating.count })),
    ),
    follow,
    page.description ? el('p', { class: 'about' }, page.description) : null,
    links.length ? el('ul', { class: 'plain' }, ...links) : null,
  );
}

function section(id: string, title: string, ...children: Array<Node | null>) {
  return el('section', { 'aria-labelledby': id }, el('h2', { id }, title), ...children);
}

function hoursSection(page: PublicPage) {
  const today = isoWeekday(vietnamToday());
  if (page.openingHours.length === 0) return section('hours', t('openingHours'), el('p', { class: 'muted' }, t('noOpeningHours')));
  const rows = page.openingHours.map((day) => {
    const isToday = day.weekday === today;
    return el(
      'tr',
      { class: isToday ? 'today' : undefined, 'aria-current': isToday ? 'date' : undefined },
      el('th', { scope: 'row' }, t(`weekdays.${day.weekday}`), isToday ? el('span', { class: 'badge' }, t('today')) : null),
      el('td', {}, day.ranges.length ? day.ranges.map((r) => `${r.open}–${r.close}`).join(', ') : t('closed')),
    );
  });
  return section('hours', t('openingHours'), el('table', { class: 'hours' }, el('tbody', {}, ...rows)));
}

function storesSection(page: PublicPage) {
  return section(
    'stores',
    t('stores'),
    page.stores.length
      ? el('ul', { class: 'plain' }, ...page.stores.map((s) => el('li', {}, el('strong', {}, s.name), el('br'), el('span', { class: 'muted' }, s.address))))
      : el('p', { class: 'muted' }, t('noStores')),
  );
}

function storiesSection(stories: PublicStory[], signedIn: boolean) {
  if (stories.length === 0) return null;
  const items = stories.map((story) => {
    const viewed = el('span', { class: 'muted' }, story.viewed ? t('storyViewed') : '');
    const view = signedIn && !story.viewed ? el('button', { type: 'button', class: 'secondary' }, t('storyView')) : null;
    view?.addEventListener('click', () => {
      view.disabled = true;
      void api(path(Paths.storyViews, { storyId: story.id }), { method: 'POST' }).then((res) => {
        if (res.ok) {
          view.remove();
          viewed.textContent = t('storyViewed');
        } else view.disabled = false;
      });
    });
    return el(
      'li',
      { class: 'story' },
      story.imageUrl ? el('img', { src: story.imageUrl, alt: story.text ?? t('storyImage') }) : null,
      story.text ? el('p', {}, story.text) : null,
      story.link ? el('a', { href: story.link, rel: 'noopener nofollow', target: '_blank' }, t('storyLink')) : null,
      view,
      viewed,
    );
  });
  return section('stories', t('stories'), el('ul', { class: 'stories' }, ...items));
}

function customerPanel(page: PublicPage, reload: () => Promise<void>) {
  if (!page.demo) return null;
  if (page.viewer) {
    const out = el('button', { type: 'button', class: 'secondary' }, t('signOut'));
    out.addEventListener('click', () => {
      void api(Paths.customerSessions, { method: 'DELETE' }).finally(() => {
        keepSession(null);
        void reload();
      });
    });
    return el(
      'aside',
      { class: 'card', 'aria-labelledby': 'customer' },
      el('h2', { id: 'customer' }, t('customer')),
      el('p', {}, t('signedInAs', { name: page.viewer.name })),
      page.viewer.badges.length ? el('p', { class: 'muted' }, t('yourBadges')) : null,
      badgeList(page.viewer.badges, t('yourBadges')),
      out,
    );
  }
  const error = el('p', { class: 'error', role: 'alert' });
  const form = el(
    'form',
    {},
    el('label', { for: 'c-user' }, t('username')),
    el('input', { id: 'c-user', name: 'username', autocomplete: 'username', required: '' }),
    el('label', { for: 'c-pass' }, t('password')),
    el('input', { id: 'c-pass', name: 'password', type: 'password', autocomplete: 'current-password', required: '' }),
    el('button', { type: 'submit' }, t('signIn')),
    error,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    error.textContent = '';
    void api<{ token: string; expiresAt: string; name: string }>(Paths.customerSessions, {
      method: 'POST',
      body: JSON.stringify({ username: data.get('username'), password: data.get('password') }),
    }).then((res) => {
      if (res.ok && res.data) {
        keepSession(res.data);
        void reload();
      } else error.textContent = res.message ?? t('actionFailed');
    });
  });
  return el(
    'aside',
    { class: 'card', 'aria-labelledby': 'customer' },
    el('h2', { id: 'customer' }, t('customer')),
    el('p', { class: 'muted' }, t('customerIntro')),
    el('p', { class: 'muted' }, t('customerHint')),
    form,
  );
}

function show(...children: Array<Node | null>) {
  root.replaceChildren(el('nav', { class: 'top', 'aria-label': t('language') }, languageLink()), ...children.filter((c): c is Node => c !== null));
}

async function load(): Promise<void> {
  const [page, stories] = await Promise.all([api<PublicPage>(path(Paths.page)), api<PublicStory[]>(path(Paths.stories))]);
  if (!page.ok || !page.data) {
    const notFound = page.status === 404 || page.status === 400;
    document.title = t(notFound ? 'notFoundTitle' : 'loadFailed');
    const retry = notFound ? null : el('button', { type: 'button' }, t('retry'));
    retry?.addEventListener('click', () => void load());
    show(el('main', { id: 'main', class: 'card' }, el('h1', {}, t(notFound ? 'notFoundTitle' : 'loadFailed')), el('p', { role: 'alert' }, t(notFound ? 'notFound' : 'loadFailed')), retry));
    return;
  }
  const data = page.data;
  document.title = t('pageTitle', { name: data.name });
  const signedIn = !!data.viewer && !!customerSession();
  const [posts, reviews] = await Promise.all([postsSection(signedIn), reviewsSection(data, load)]);
  show(
    header(data, load),
    el(
      'main',
      { id: 'main' },
      customerPanel(data, load),
      chatSection(data),
      storiesSection(stories.data ?? [], signedIn),
      posts,
      reviews,
      hoursSection(data),
      storesSection(data),
    ),
  );
}

async function start() {
  document.documentElement.lang = lang;
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  await loadTexts();
  root.textContent = t('loading');
  try {
    await load();
    trackActivity(root);
  } catch {
    const retry = el('button', { type: 'button' }, t('retry'));
    retry.addEventListener('click', () => void start());
    show(el('main', { class: 'card' }, el('p', { role: 'alert' }, t('loadFailed')), retry));
  }
}

void start();

/**
 * Reviews of the public page: the signed-in demo customer's own review form (1–5 stars, a comment and
 * an optional photo; sending again edits it), then everyone's reviews, newest first, names masked, with
 * the page's reply and the reviewer's badges on the page, ten at a time.
 */
import { PublicPageApiPaths as Paths } from '@/domain/api';
import type { PublicPage, PublicReview } from '@/domain/publicPage';
import { formatVietnamDateTime } from '@/domain/time';
import { api, el, pager, path, t } from './dom';

const starsText = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

function stars(n: number) {
  return el('span', { class: 'stars', role: 'img', 'aria-label': t('stars', { count: n }) }, starsText(n));
}

/** A customer's badges on this page (badge-gamification), as a labelled list; nothing without any. */
export function badgeList(names: string[], label: string) {
  if (!names.length) return null;
  return el('ul', { class: 'plain badges', 'aria-label': label }, ...names.map((name) => el('li', { class: 'badge' }, name)));
}

function reviewItem(r: PublicReview) {
  return el(
    'li',
    { class: 'card' },
    el('p', {}, el('strong', {}, r.customerName), ' ', stars(r.stars)),
    badgeList(r.badges, t('reviewerBadges', { name: r.customerName })),
    el('p', { class: 'muted' }, formatVietnamDateTime(new Date(r.createdAt))),
    r.body ? el('p', {}, r.body) : null,
    r.photoUrl ? el('img', { src: r.photoUrl, alt: t('reviewPhoto', { name: r.customerName }), loading: 'lazy' }) : null,
    r.reply ? el('div', { class: 'reply' }, el('strong', {}, t('reply')), el('p', {}, r.reply.body)) : null,
  );
}

async function uploadPhoto(file: File): Promise<{ ok: boolean; name?: string; message?: string }> {
  const body = new FormData();
  body.append('file', file);
  const res = await api<{ name: string }>(path(Paths.reviewPhotos), { method: 'POST', body });
  return { ok: res.ok, name: res.data?.name, message: res.message };
}

function reviewForm(page: PublicPage, reload: () => Promise<void>) {
  const mine = page.viewer?.review ?? null;
  const chosen = String(mine?.stars ?? 5);
  const radios = [1, 2, 3, 4, 5].map((n) =>
    el(
      'label',
      { class: 'star' },
      el('input', { type: 'radio', name: 'stars', value: String(n), checked: String(n) === chosen ? '' : undefined, required: '' }),
      ` ${n}★`,
    ),
  );
  const text = el('textarea', { id: 'review-body', name: 'body', maxlength: '1000', rows: '3' });
  text.value = mine?.body ?? '';
  const photo = el('input', { id: 'review-photo', name: 'photo', type: 'file', accept: '.jpg,.jpeg,.png,image/jpeg,image/png' });
  const status = el('p', { role: 'status' });
  const error = el('p', { class: 'error', role: 'alert' });
  const form = el(
    'form',
    { 'aria-labelledby': 'my-review' },
    el('h3', { id: 'my-review' }, t(mine ? 'editReview' : 'yourReview')),
    el('fieldset', {}, el('legend', {}, t('starsLabel')), ...radios),
    el('label', { for: 'review-body' }, t('reviewText')),
    text,
    el('label', { for: 'review-photo' }, t('reviewPhotoLabel')),
    photo,
    el('button', { type: 'submit' }, t('submitReview')),
    status,
    error,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.textContent = '';
    void (async () => {
      let photoName: string | null = null;
      const file = photo.files?.[0];
      if (file) {
        const uploaded = await uploadPhoto(file);
        if (!uploaded.ok) {
          error.textContent = uploaded.message ?? t('actionFailed');
          return;
        }
        photoName = uploaded.name ?? null;
      } else if (mine?.photoUrl) {
        photoName = decodeURIComponent(mine.photoUrl.split('/').pop() ?? '') || null;
      }
      const starsValue = Number(new FormData(form).get('stars'));
      const res = await api(path(Paths.myReview), { method: 'PUT', body: JSON.stringify({ stars: starsValue, body: text.value, photo: photoName }) });
      if (!res.ok) {
        error.textContent = res.message ?? t('actionFailed');
        return;
      }
      status.textContent = t('reviewSaved');
      await reload();
    })();
  });
  return el('div', { class: 'card' }, form);
}

export async function reviewsSection(page: PublicPage, reload: () => Promise<void>): Promise<HTMLElement> {
  const list = el('ul', { class: 'plain reviews' });
  const reviews = pager(path(Paths.reviews), list, reviewItem, () => el('li', { class: 'muted' }, t('noReviews')));
  await reviews.load();
  const summary = el('p', {}, page.rating.average === null ? t('noRating') : t('rating', { average: page.rating.average, count: page.rating.count }));
  return el('section', { 'aria-labelledby': 'reviews' }, el('h2', { id: 'reviews' }, t('reviews')), summary, page.viewer ? reviewForm(page, reload) : null, list, reviews.more);
}

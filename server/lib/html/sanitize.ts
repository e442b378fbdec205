/**
 * The one way a post's HTML is stored: sanitize-html with an allow-list. What a rich-text post needs
 * (paragraphs, bold, italic, underline, strike, lists, quotes, links, our own images) stays; everything
 * else goes: scripts and styles with their content, event handlers, style attributes, iframes, SVG, forms.
 *
 * - Links keep only absolute http(s), mailto: and tel: addresses (a relative or any other scheme, such as
 *   javascript: or data:, turns the link into plain text) and always open with rel="noopener nofollow"
 *   in a new tab.
 * - Images keep only our own media addresses (`/api/user-generated-content/v1/media/<generated name>`),
 *   so a post can neither load third-party trackers nor carry data: URLs.
 */
import sanitizeHtml from 'sanitize-html';
import { pageMediaNameOf } from '@/domain/pageContent';

const SAFE_LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s().-]*)$/i;

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'a', 'img'];

/** The allow-list itself (second pass): no transforms. */
const ALLOW_LIST: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'svg', 'math'],
};

/**
 * First pass: unsafe links and foreign images become a bare <span>, which the second pass unwraps (a
 * link's text stays, an image has none). The span is allowed here on purpose: sanitize-html forgets a
 * renamed tag's closing name when the new name is disallowed, and would then close the next link at
 * the same depth as </span>.
 */
const MARK_UNSAFE: sanitizeHtml.IOptions = {
  ...ALLOW_LIST,
  allowedTags: [...ALLOWED_TAGS, 'span'],
  allowedAttributes: { ...(ALLOW_LIST.allowedAttributes as Record<string, string[]>), span: [] },
  transformTags: {
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      if (!SAFE_LINK.test(href)) return { tagName: 'span', attribs: {} };
      return { tagName: 'a', attribs: { href, rel: 'noopener nofollow', target: '_blank' } };
    },
    img: (_tagName, attribs): sanitizeHtml.Tag => {
      const name = pageMediaNameOf((attribs.src ?? '').trim());
      if (!name) return { tagName: 'span', attribs: {} };
      // Every image keeps an alt: the author's text, or empty (decorative) rather than none, which screen readers spell out as the file name.
      return { tagName: 'img', attribs: { src: attribs.src!.trim(), alt: attribs.alt ?? '' } };
    },
  },
};

/** The stored form of a post's body. Idempotent: sanitising a sanitised body changes nothing. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(sanitizeHtml(html, MARK_UNSAFE), ALLOW_LIST).trim();
}

/** The storage names of our own images a (sanitised) body shows, in order, without repeats. */
export function imagesInHtml(html: string): string[] {
  const names = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)) {
    const name = pageMediaNameOf(match[1]!);
    if (name) names.add(name);
  }
  return [...names];
}

/** The visible text of a body (tags dropped, entities decoded, whitespace folded), for lists and limits. */
export function textOfHtml(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

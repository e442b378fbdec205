/**
 * SVG is XML that browsers run: scripts, event handlers, external references and entity tricks are
 * refused outright rather than "cleaned" (a cleaner that misses one trick serves an attack).
 */

const FORBIDDEN: RegExp[] = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|audio|video|handler|listener)\b/i,
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<\?xml-stylesheet/i,
  /\son[a-z]+\s*=/i, // onload=, onclick=, …
  /javascript\s*:/i,
  /vbscript\s*:/i,
  /data\s*:\s*text\/html/i,
  /@import/i,
  /<\s*set\b[^>]*\battributeName\s*=\s*["']?(href|xlink:href)/i,
  /<\s*animate\b[^>]*\battributeName\s*=\s*["']?(href|xlink:href)/i,
];

/** href / xlink:href values that point outside the document (anything but a local #fragment or an inline raster image). */
const EXTERNAL_HREF = /\b(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg);base64,)[^"']*["']/i;
/** CSS url(...) to anything but a local fragment. */
const EXTERNAL_URL = /url\(\s*["']?\s*(?!#)/i;

export type SvgProblem = 'script' | 'externalReference';

/** Null when the SVG text is safe to keep and show; otherwise why not. */
export function svgProblem(text: string): SvgProblem | null {
  // Entity-encoded characters could spell any of the patterns; a logo has no need for them in markup.
  const decoded = text.replace(/&#x?[0-9a-f]+;?/gi, '\u0000');
  if (decoded.includes('\u0000')) return 'script';
  if (FORBIDDEN.some((re) => re.test(text))) return 'script';
  if (EXTERNAL_HREF.test(text) || EXTERNAL_URL.test(text)) return 'externalReference';
  return null;
}

import { describe, expect, it } from 'vitest';
import { imagesInHtml, sanitizePostHtml, textOfHtml } from '../../../server/lib/html/sanitize';

const OWN = '/api/user-generated-content/v1/media/0f8fad5b-d9cb-469f-a165-70867728950e.png';

describe('sanitizePostHtml', () => {
  it('keeps bold, italic, lists and paragraphs as written', () => {
    const html = '<p>Xin <strong>chào</strong> <em>bạn</em></p><ul><li>một</li><li>hai</li></ul><ol><li>ba</li></ol>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('drops scripts and styles with their content', () => {
    expect(sanitizePostHtml('<p>a</p><script>alert(1)</script><style>p{color:red}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizePostHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('drops event handlers and style attributes', () => {
    expect(sanitizePostHtml('<p onclick="steal()" style="position:fixed">x</p>')).toBe('<p>x</p>');
    expect(sanitizePostHtml(`<img src="${OWN}" onerror="alert(1)">`)).toBe(`<img src="${OWN}" alt="" />`);
    expect(sanitizePostHtml('<img src=x onerror=alert(1)>')).toBe('');
  });

  it('turns javascript:, data: and relative links into plain text, including encoded tricks', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/portal/app',
    ]) {
      expect(sanitizePostHtml(`<a href="${href}">bấm</a>`), href).toBe('bấm');
    }
  });

  it('keeps http(s) links and forces rel="noopener nofollow" in a new tab', () => {
    expect(sanitizePostHtml('<a href="https://shop.vn/sale" rel="opener" target="_self" onmouseover="x()">Sale</a>')).toBe(
      '<a href="https://shop.vn/sale" rel="noopener nofollow" target="_blank">Sale</a>',
    );
  });

  it('keeps only our own media images, never data: or third-party ones', () => {
    expect(sanitizePostHtml(`<p><img src="${OWN}" alt="áo"></p>`)).toBe(`<p><img src="${OWN}" alt="áo" /></p>`);
    expect(sanitizePostHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('');
    expect(sanitizePostHtml('<img src="https://tracker.example/p.gif">')).toBe('');
    expect(sanitizePostHtml('<img src="/api/user-generated-content/v1/media/../../auth/me">')).toBe('');
    expect(sanitizePostHtml(`<img src="${OWN}?x=1">`)).toBe('');
  });

  it('drops svg with onload, iframes, objects, forms and their content', () => {
    expect(sanitizePostHtml('<svg onload="alert(1)"><script>alert(2)</script><text>t</text></svg><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizePostHtml('<iframe src="https://evil.example"></iframe><object data="x.swf"></object><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizePostHtml('<form action="https://evil.example"><input name="pin"><button>Gửi</button></form>')).toBe('Gửi');
    expect(sanitizePostHtml('<math><mi xlink:href="javascript:alert(1)">x</mi></math>')).toBe('');
  });

  it('survives nested and malformed tricks', () => {
    const out = sanitizePostHtml('<p><<script>script>alert(1)<</script>/script></p><a href="https://a.vn"><img src=x onerror=alert(1)//></a><!-- <script>x</script> -->');
    expect(out).not.toMatch(/<script|onerror|<!--/i);
    expect(out).toContain('<a href="https://a.vn" rel="noopener nofollow" target="_blank"></a>');
    expect(sanitizePostHtml('<div><p title="x" class="y" id="z">t</p></div>')).toBe('<p>t</p>');
  });

  it('closes a good link correctly after a refused one at the same depth', () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">x</a><a href="https://a.vn">y</a><img src="https://t.example/p.gif"><a href="https://b.vn">z</a>')).toBe(
      'x<a href="https://a.vn" rel="noopener nofollow" target="_blank">y</a><a href="https://b.vn" rel="noopener nofollow" target="_blank">z</a>',
    );
  });

  it('is idempotent', () => {
    const once = sanitizePostHtml(`<p><b>x</b> <a href="https://a.vn">l</a><img src="${OWN}"></p><script>1</script>`);
    expect(sanitizePostHtml(once)).toBe(once);
  });
});

describe('imagesInHtml and textOfHtml', () => {
  it('lists our images once and reads the visible text', () => {
    const html = sanitizePostHtml(`<p>A &amp; B</p><p><img src="${OWN}"><img src="${OWN}"></p><ul><li>x</li></ul>`);
    expect(imagesInHtml(html)).toEqual(['0f8fad5b-d9cb-469f-a165-70867728950e.png']);
    expect(textOfHtml(html)).toBe('A & B x');
  });
});

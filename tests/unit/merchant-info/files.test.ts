/** server/lib/files: content sniffing, SVG safety and the upload check (pure functions, no server). */
import { describe, expect, it } from 'vitest';
import { checkFile, generatedStorageName, looksLikeSvg, sniffType, svgProblem } from '../../../server/lib/files';
import { simplePdf, solidPng } from '../../../server/db/seed-merchant-profile';

const PNG = solidPng(4, 4, [1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const PDF = simplePdf('x');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
const MAX = 6 * 1024 * 1024;

describe('sniffType', () => {
  it('reads the type from the first bytes', () => {
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(JPEG)).toBe('image/jpeg');
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(SVG)).toBe('image/svg+xml');
    expect(sniffType(Buffer.from('\uFEFF<?xml version="1.0"?><!-- logo --><svg></svg>'))).toBe('image/svg+xml');
  });

  it('knows nothing of HTML, executables, text or broken UTF-8', () => {
    expect(sniffType(Buffer.from('<html><body>hi</body></html>'))).toBeNull();
    expect(sniffType(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(sniffType(Buffer.from('hello'))).toBeNull();
    expect(looksLikeSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe]))).toBe(false);
    expect(sniffType(Buffer.alloc(0))).toBeNull();
  });
});

describe('svgProblem', () => {
  it.each([
    ['<svg><script>alert(1)</script></svg>', 'script'],
    ['<svg><SCRIPT >x</SCRIPT></svg>', 'script'],
    ['<svg onload="x()"></svg>', 'script'],
    ['<svg><a xlink:href="javascript:alert(1)"/></svg>', 'script'],
    ['<svg><foreignObject/></svg>', 'script'],
    ['<!DOCTYPE svg><svg/>', 'script'],
    ['<svg><a href="&#x6A;avascript:x"/></svg>', 'script'],
    ['<svg><style>@import url(https://x.example/a.css);</style></svg>', 'script'],
    ['<svg><image href="https://tracker.example/p.png"/></svg>', 'externalReference'],
    ['<svg><rect style="fill:url(https://x.example/#a)"/></svg>', 'externalReference'],
  ])('refuses %s', (svg, problem) => expect(svgProblem(svg)).toBe(problem));

  it('keeps plain drawings with local references', () => {
    expect(svgProblem('<svg><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/></svg>')).toBeNull();
  });
});

describe('checkFile', () => {
  const images = ['jpg', 'jpeg', 'png', 'pdf'];
  it('accepts content that matches its name and hashes it', () => {
    const result = checkFile(PNG, 'a.PNG', images, MAX);
    expect(result).toMatchObject({ ok: true, file: { contentType: 'image/png', extension: 'png', sizeBytes: PNG.length } });
    expect(result.ok && result.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(checkFile(JPEG, 'a.jpeg', images, MAX).ok).toBe(true);
  });

  it('refuses mismatches, unknown content, wrong extensions, empty and oversize files', () => {
    expect(checkFile(PDF, 'a.png', images, MAX)).toEqual({ ok: false, problem: 'fileContent' });
    expect(checkFile(PNG, 'a.jpg', images, MAX)).toEqual({ ok: false, problem: 'fileContent' });
    expect(checkFile(Buffer.from('x'), 'a.pdf', images, MAX)).toEqual({ ok: false, problem: 'fileContent' });
    expect(checkFile(SVG, 'a.svg', images, MAX)).toEqual({ ok: false, problem: 'fileType' });
    expect(checkFile(PNG, 'png', images, MAX)).toEqual({ ok: false, problem: 'fileType' });
    expect(checkFile(Buffer.alloc(0), 'a.png', images, MAX)).toEqual({ ok: false, problem: 'fileEmpty' });
    expect(checkFile(Buffer.alloc(MAX + 1), 'a.png', images, MAX)).toEqual({ ok: false, problem: 'fileTooLarge' });
    expect(checkFile(Buffer.from('<svg onload="x"/>'), 'a.svg', ['svg'], MAX)).toEqual({ ok: false, problem: 'svgUnsafe' });
  });
});

describe('generatedStorageName', () => {
  it('is random and carries only the extension', () => {
    const a = generatedStorageName('png');
    expect(a).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(generatedStorageName('png')).not.toBe(a);
    expect(generatedStorageName('../p/ng')).toMatch(/\.png$/);
  });
});

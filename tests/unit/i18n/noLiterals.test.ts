import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUserFacingLiterals, looksLikeI18nKey } from './literalScanner';

const scan = (source: string) => findUserFacingLiterals('Example.tsx', source).map((f) => `${f.line}:${f.where}:${f.text}`);

describe('literal scanner', () => {
  it('flags JSX text with letters, in any language', () => {
    expect(scan('const A = () => <div>\n  Xin chào\n</div>;')).toEqual(['2:JSX text:Xin chào']);
    expect(scan('const A = () => <Button>Save</Button>;')).toEqual(['1:JSX text:Save']);
  });

  it('lets through text without letters', () => {
    expect(scan('const A = () => <p>{count} / {total} - 100% ©</p>;')).toEqual([]);
    expect(scan('const A = () => <p> </p>;')).toEqual([]);
  });

  it('flags string literals in user-facing props', () => {
    expect(
      scan(`const A = () => <>
  <TextInput label="Tên đăng nhập" />
  <img alt='logo' />
  <Button aria-label={"Close"} />
  <Confirm confirmTitle={\`Delete \${name}\`} confirmContent={ok ? 'Sure?' : 'ra.message.are_you_sure'} />
  <TextField helperText={hint || 'Type here'} emptyText="Empty" placeholder="0912345678" />
</>;`),
    ).toEqual([
      '2:prop label:Tên đăng nhập',
      '3:prop alt:logo',
      '4:prop aria-label:Close',
      '5:prop confirmTitle:Delete',
      '5:prop confirmContent:Sure?',
      '6:prop helperText:Type here',
      '6:prop emptyText:Empty',
    ]);
  });

  it('accepts i18n keys, translated values and non-user-facing props', () => {
    expect(
      scan(`const A = () => <>
  <TextInput source="username" label="resources.users.fields.username" />
  <Button label={translate('ra.action.save')} title={t('portal.menu.open', { name: 'x y' })} />
  <Box className="main content" sx={{ color: 'primary.main' }} data-testid="login form" />
  <Title title={record.name} />
</>;`),
    ).toEqual([]);
  });

  it('flags string literals rendered as JSX children', () => {
    expect(scan(`const A = () => <p>{'Đã có lỗi xảy ra!'}{ok ? 'Có' : null}{'portal.key'}</p>;`)).toEqual([
      '1:JSX expression:Đã có lỗi xảy ra!',
      '1:JSX expression:Có',
    ]);
  });

  it('honours an i18n-ignore comment on the line, or on a comment line just above', () => {
    expect(
      scan(`const A = () => <>
  {/* i18n-ignore: brand name, identical in every language */}
  <b>MoMo</b>
  <i>Zalo</i> {/* i18n-ignore */}
  <u>Other</u>
</>;`),
    ).toEqual(['5:JSX text:Other']);
  });

  it.each([
    ['ra.action.save', true],
    ['resources.users.name', true],
    ['validation.phone', true],
    ['Save', false],
    ['Vui lòng xác nhận.', false],
    ['Sure?', false],
    ['', false],
  ])('looksLikeI18nKey(%s) = %s', (text, expected) => expect(looksLikeI18nKey(text)).toBe(expected));
});

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return /\.tsx$/.test(name) && !/\.(test|spec|stories)\.tsx$/.test(name) ? [path] : [];
  });
}

describe('no user-facing literal in components', () => {
  const root = join(process.cwd(), 'src');
  const files = tsxFiles(root);

  it('every src/**/*.tsx renders text only through translations', () => {
    const findings = files.flatMap((file) => findUserFacingLiterals(relative(process.cwd(), file), readFileSync(file, 'utf8')));
    const report = findings.map((f) => `${f.file}:${f.line} ${f.where}: "${f.text}"`);
    expect(report, `User-facing literals found (move them to src/i18n/{vi,en}):\n${report.join('\n')}`).toEqual([]);
  });
});

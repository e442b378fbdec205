import { describe, expect, it } from 'vitest';
import { resources } from '@/resources';
import { translatorFor } from './helpers/i18n';

/**
 * react-admin titles a create or edit page `resources.<name>.page.<view>` when that key exists, else
 * "Tạo {{name}}" / "{{name}} {{recordRepresentation}}" over the menu name: "Tạo Quản lý người dùng",
 * "Tạo Cài đặt báo cáo". Every resource with such a view names its pages itself, in both languages.
 */
describe('create and edit page titles', () => {
  const withViews = resources.flatMap((r) => (['create', 'edit'] as const).filter((view) => r[view]).map((view) => [r.name, view] as const));

  it('cover the resources that have create or edit views', () => {
    expect(withViews).toEqual(expect.arrayContaining([['users', 'create'], ['users', 'edit'], ['report-settings', 'create'], ['report-settings', 'edit']]));
  });

  for (const lng of ['vi', 'en'] as const) {
    const t = translatorFor(lng);
    it(`exist in ${lng} and never glue a verb to the menu name`, () => {
      for (const [name, view] of withViews) {
        const key = `resources.${name}.page.${view}`;
        const title = t(key, { recordRepresentation: 'x' });
        expect(title, key).not.toBe(key);
        expect(title, key).not.toContain(t(`resources.${name}.name`));
      }
    });
  }

  it('read naturally (exact strings)', () => {
    const vi = translatorFor('vi');
    const en = translatorFor('en');
    expect(vi('resources.users.page.create')).toBe('Thêm người dùng');
    expect(vi('resources.users.page.invite')).toBe('Mời người dùng');
    expect(vi('resources.users.page.edit', { recordRepresentation: 'cashier_demo' })).toBe('Người dùng cashier_demo');
    expect(vi('resources.report-settings.page.create')).toBe('Tạo lịch gửi báo cáo');
    expect(en('resources.users.page.invite')).toBe('Invite a user');
    expect(en('resources.report-settings.page.create')).toBe('Schedule a report');
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import vi from '@/i18n/vi/portal.json';
import en from '@/i18n/en/portal.json';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const PORTAL_DIRS = ['src/components', 'src/features', 'src/layout', 'src/pages', 'src/resources', 'src/authProvider', 'src/dataProvider'];

describe('portal.json', () => {
  it('has the same keys in vi and en, and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
    for (const key of keys(vi)) expect(key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], vi)).not.toBe('');
  });

  it('has every static portal.* and resources.* key the portal code uses', () => {
    const known = new Set(keys(vi));
    const missing: string[] = [];
    for (const file of PORTAL_DIRS.flatMap((dir) => filesUnder(join(process.cwd(), dir)))) {
      const source = readFileSync(file, 'utf8');
      for (const [, key] of source.matchAll(/['"`]((?:portal|resources)\.[A-Za-z0-9_.-]+[A-Za-z0-9_])['"`]/g)) {
        if (!known.has(key) && !known.has(`${key}.name`)) missing.push(`${file.replace(process.cwd(), '')}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Issue 19: the login page (/portal/auth/login) must load little JS, so the entry chunk (src/main.tsx and
 * everything it imports statically) must not reach what only the other areas need: MUI and emotion (the
 * login page is plain React and CSS), react-admin, react-query, zod (loaded on the first edit), date-fns,
 * the API client (loaded on the first edit). Dynamic import() calls are the lazy chunks and are not
 * followed; type-only imports are erased by the compiler and are not followed either.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = join(ROOT, 'src');

const STATIC_IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function isTypeOnly(keywordType: string | undefined, clause: string): boolean {
  if (keywordType) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const parts = named[1].split(',').map((part) => part.trim()).filter(Boolean);
  return parts.length > 0 && parts.every((part) => part.startsWith('type '));
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(ts|tsx|json|css)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every module the entry reaches by static, value imports: local files (relative to the root) and packages. */
function entryGraph(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    const name = relative(ROOT, file);
    if (files.has(name)) continue;
    files.add(name);
    if (!/\.(ts|tsx)$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const specifier = match[4] ?? match[5];
      if (match[4] && isTypeOnly(match[2], match[3])) continue;
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const target = resolveLocal(file, specifier);
        if (!target) throw new Error(`${name}: cannot resolve ${specifier}`);
        queue.push(target);
      } else if (!packages.has(specifier)) {
        packages.set(specifier, name);
      }
    }
  }
  return { files, packages };
}

const ADMIN_ONLY = [/^@mui\//, /^@emotion\//, /^react-admin$/, /^@tanstack\//, /^zod$/, /^date-fns/, /^@date-fns\//];

describe('the entry chunk (issue 19: the login page loads only what it shows)', () => {
  const { files, packages } = entryGraph(join(SRC, 'main.tsx'));

  it('reaches the login page, its guards and the plain shell', () => {
    for (const file of ['src/App.tsx', 'src/pages/auth/LoginPage.tsx', 'src/pages/guards.tsx', 'src/pages/plain/PlainShell.tsx', 'src/components/PageLoader.tsx']) {
      expect(files, file).toContain(file);
    }
  });

  it('imports no MUI, emotion, react-admin, react-query, zod or date-fns', () => {
    const offending = [...packages].filter(([specifier]) => ADMIN_ONLY.some((pattern) => pattern.test(specifier)));
    expect(offending.map(([specifier, from]) => `${from} → ${specifier}`)).toEqual([]);
  });

  it('does not reach the API client, the validation schemas or the areas after sign-in', () => {
    const lazyOnly = [
      'src/dataProvider/httpClient.ts',
      'src/authProvider/auth.ts',
      'src/domain/validation.ts',
      'src/theme.ts',
      'src/analytics/index.ts',
      'src/layout/ShellLayout.tsx',
      'src/pages/QueryArea.tsx',
      'src/pages/ThemedArea.tsx',
    ];
    expect(lazyOnly.filter((file) => files.has(file))).toEqual([]);
  });
});

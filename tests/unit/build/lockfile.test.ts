import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm ci` on a clean machine refuses a lock file that names an optional dependency without an entry
// for it. That happens when the registry used to write the lock lacks a platform build (it did for
// unrs-resolver 1.13.0), and `npm install` here does not notice. This checks the lock offline.
type LockPackage = { optionalDependencies?: Record<string, string>; dependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> };

/** The entry npm resolves `name` to from the package at `from`: nested first, then each parent folder. */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency it names, so npm ci installs on any machine', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

import { fillPath, type PathParams } from '@/domain/api';
import { APP_PATH } from '@/authProvider/paths';
import type { ResourceConfig, ViewName } from './types';

/** The router path of the /app area (react-admin's basename), spelled once in the auth paths. */
export const APP_BASE = APP_PATH;

export type SearchParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * The link to one screen, built from the resource configs (never a hand-written '/app/…' string):
 * pathOf(resources, 'users', 'edit', { id: 7 }) → '/app/user-management/user/7'. Throws on an unknown
 * resource, a view it does not have or a missing path param: a broken link is a bug, caught by tests.
 */
export function pathOf(
  resources: readonly Pick<ResourceConfig, 'name' | 'paths'>[],
  name: string,
  view: ViewName = 'list',
  params: PathParams = {},
  search: SearchParams = {},
): string {
  const resource = resources.find((r) => r.name === name);
  if (!resource) throw new Error(`Unknown resource "${name}"`);
  const template = resource.paths[view];
  if (template === undefined) throw new Error(`Resource "${name}" has no "${view}" view`);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  const queryString = query.toString();
  return `${APP_BASE}/${fillPath(template, params)}${queryString ? `?${queryString}` : ''}`;
}

/** The screen a resource's entry opens (menu entry, shortcut): its list, else its page. */
export function entryPathOf(resources: readonly Pick<ResourceConfig, 'name' | 'paths'>[], name: string): string {
  const resource = resources.find((r) => r.name === name);
  return pathOf(resources, name, resource?.paths.list !== undefined ? 'list' : 'page');
}

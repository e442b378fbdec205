import type { SidebarEntry } from '@/domain/api';
import type { ResourceConfig, ViewName } from '@/resourceConfig';

/**
 * Page access (spec §2, §6): only routes whose route code is in the user's allowed list are reachable;
 * welcome and account info always are. Pure, so every row of the rule has its own test.
 */
export type AccessEntry = Pick<ResourceConfig, 'name' | 'routeCodes' | 'alwaysAllowed' | 'paths'>;

const VIEW_ACTIONS: readonly string[] = ['list', 'create', 'edit', 'show', 'page'] satisfies ViewName[];

export function canAccess(
  allowedRouteCodes: readonly string[],
  { resource, action }: { resource?: string; action?: string },
  /** The resource list (handed down by the composition root, AdminApp). */
  table: readonly AccessEntry[],
): boolean {
  const entry = resource ? table.find((r) => r.name === resource) : undefined;
  // Unknown resources are refused: access is granted, never assumed.
  if (!entry) return false;
  // Opening a view the resource does not have is refused rather than silently allowed.
  if (action && VIEW_ACTIONS.includes(action) && !entry.paths[action as ViewName]) return false;
  if (entry.alwaysAllowed) return true;
  return entry.routeCodes.some((code) => allowedRouteCodes.includes(code));
}

/** Every route code of a sidebar tree, groups included: the user's allowed list. */
export function allowedRouteCodesOf(entries: readonly SidebarEntry[] | null | undefined): string[] {
  const codes = new Set<string>();
  const walk = (list: readonly SidebarEntry[]) => {
    for (const entry of list) {
      if (entry.code) codes.add(entry.code);
      if (entry.children?.length) walk(entry.children);
    }
  };
  walk(entries ?? []);
  return [...codes];
}

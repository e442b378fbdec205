import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { SidebarEntry } from '@/domain/api';
import { entryPathOf, type ResourceConfig } from '@/resourceConfig';

/**
 * The sidebar (spec §2): the server's entries, matched by route code to the known routes of the resource
 * list. Entries whose code has no known route are not shown; welcome is always first. Pure.
 */
export interface MenuItem {
  key: string;
  /** The server's name (already in the caller's language), absent for welcome. */
  label?: string;
  /** i18n key used when the server gave no name (welcome). */
  labelKey?: string;
  /** Router path (/app/…) for a leaf. */
  to?: string;
  icon?: ComponentType<SvgIconProps>;
  resource?: string;
  children?: MenuItem[];
}

/** The code → route table, derived from the resource list (first resource claiming a code wins). */
export function routeTable(resources: readonly ResourceConfig[]): Map<string, ResourceConfig> {
  const table = new Map<string, ResourceConfig>();
  for (const resource of resources) {
    for (const code of resource.routeCodes) if (!table.has(code)) table.set(code, resource);
  }
  return table;
}

function leafFor(resource: ResourceConfig, key: string, label?: string): MenuItem | null {
  if (resource.paths.list === undefined && resource.paths.page === undefined) return null;
  return {
    key,
    label: label || undefined,
    labelKey: `resources.${resource.name}.name`,
    to: entryPathOf([resource], resource.name),
    icon: resource.icon,
    resource: resource.name,
  };
}

export function buildMenu(
  entries: readonly SidebarEntry[] | null | undefined,
  resources: readonly ResourceConfig[],
  welcomeName = 'welcome',
): MenuItem[] {
  const table = routeTable(resources);
  const seen = new Set<string>();

  const convert = (entry: SidebarEntry, index: number, parentKey: string): MenuItem | null => {
    const key = `${parentKey}${entry.code || 'group'}-${index}`;
    if (entry.children?.length) {
      const children = entry.children
        .map((child, childIndex) => convert(child, childIndex, `${key}/`))
        .filter((item): item is MenuItem => item !== null);
      if (children.length) {
        const groupResource = table.get(entry.code);
        return { key, label: entry.name, icon: groupResource?.icon, children };
      }
      // A group with nothing known inside can still be a route itself; otherwise it is not shown.
    }
    const resource = table.get(entry.code);
    // One resource is shown once even when several codes lead to it (e.g. the two dashboard codes).
    if (!resource || seen.has(resource.name)) return null;
    seen.add(resource.name);
    return leafFor(resource, key, entry.name);
  };

  const items = (entries ?? [])
    .map((entry, index) => convert(entry, index, ''))
    .filter((item): item is MenuItem => item !== null);

  const welcome = resources.find((resource) => resource.name === welcomeName);
  if (welcome && !seen.has(welcome.name)) {
    const item = leafFor(welcome, welcome.name);
    if (item) items.unshift({ ...item, label: undefined });
  }
  return items;
}

/** Every leaf, depth first: the welcome page's shortcuts. */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children ? flattenMenu(item.children) : [item]));
}

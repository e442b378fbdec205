import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { PathParams } from '@/domain/api';
import type { ResourceConfig, ViewName } from './types';
import { pathOf, type SearchParams } from './pathOf';

/**
 * The resource list as the composition root (src/pages/app/AdminApp.tsx) hands it down to the layout,
 * the sidebar and every screen: shared code reads it here and never imports src/resources.
 */
const ResourceListContext = createContext<readonly ResourceConfig[]>([]);

export function ResourceListProvider({ resources, children }: { resources: readonly ResourceConfig[]; children: ReactNode }) {
  return <ResourceListContext.Provider value={resources}>{children}</ResourceListContext.Provider>;
}

export function useResourceList(): readonly ResourceConfig[] {
  return useContext(ResourceListContext);
}

export type PathOf = (name: string, view?: ViewName, params?: PathParams, search?: SearchParams) => string;

/** pathOf bound to the handed-down resource list: `usePathOf()('users', 'edit', { id })`. */
export function usePathOf(): PathOf {
  const resources = useResourceList();
  return useCallback<PathOf>((name, view, params, search) => pathOf(resources, name, view, params, search), [resources]);
}

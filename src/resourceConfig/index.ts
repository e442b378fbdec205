/**
 * What shared code knows of resources: the config type, links built from configs (pathOf) and the list
 * handed down by the composition root. Never imports src/resources (lint and the cycle check hold it).
 */
export * from './types';
export { APP_BASE, entryPathOf, pathOf, type SearchParams } from './pathOf';
export { ResourceListProvider, usePathOf, useResourceList, type PathOf } from './ResourceListContext';

import type { ComponentType, LazyExoticComponent } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { RouteCode } from '@/domain/roles';

/**
 * The resource config (architecture.md "The portal"): the one central abstraction. The router, the
 * sidebar's code→route table, canAccess and the dataProvider all read it; nothing lists resources by hand.
 */

/** Views a resource may have; `page` is a non-CRUD screen (welcome, dashboard, chat…). */
export type ViewName = 'list' | 'create' | 'edit' | 'show' | 'page';

/** Paths under /app exactly as spec §2 writes them; `:id` is the record id. */
export type ResourcePaths = Partial<Record<ViewName, string>>;

/**
 * API calls of the CRUD views, as 'METHOD /path' with `:merchantId` (the chosen merchant) and `:id`.
 * A path holding `:merchantId` makes the call merchant-scoped (X-Merchant-Id, aborted without one).
 */
export interface ResourceEndpoints {
  list?: string;
  /**
   * The list endpoint accepts `sort=field,asc|desc`. Off by default: the API refuses parameters an
   * endpoint does not declare, so sorting is only sent where the server supports it.
   */
  sortable?: boolean;
  getOne?: string;
  getMany?: string;
  /** The filtered set's totals ('GET /path', same filter as the list): getList returns them in `meta.totals`. */
  totals?: string;
  /** Export of the filtered set ('POST /path'; `format`, `columns`): the dataProvider's `exportList`. */
  export?: string;
  create?: string;
  update?: string;
  delete?: string;
}

type LazyView = LazyExoticComponent<ComponentType>;

export interface ResourceConfig {
  /** react-admin resource name, dataProvider key and i18n key `resources.<name>.*`. */
  name: string;
  /** Route codes (spec §2) that open this resource; any one of them in the allowed list suffices. */
  routeCodes: readonly RouteCode[];
  /** Open to every signed-in user with a merchant (spec §2: welcome and account info). */
  alwaysAllowed?: boolean;
  paths: ResourcePaths;
  endpoints?: ResourceEndpoints;
  list?: LazyView;
  create?: LazyView;
  edit?: LazyView;
  show?: LazyView;
  page?: LazyView;
  icon: ComponentType<SvgIconProps>;
  recordRepresentation?: string | ((record: Record<string, unknown>) => string);
}

/** The /app-relative path a menu entry or shortcut opens: the list, else the page. */
export function entryPath(resource: Pick<ResourceConfig, 'paths'>): string | undefined {
  return resource.paths.list ?? resource.paths.page;
}

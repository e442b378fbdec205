import type { ResourceEndpoints } from '@/resourceConfig/types';

/**
 * The endpoints of a report-center list under its API path (`ReportCenterPaths.report` with the
 * resource name, or the donations path): the page, the filtered totals, the export and the row detail.
 * Kept apart from the list components so a resource config stays light.
 */
export function reportEndpoints(listPath: string, { detail = false }: { detail?: boolean } = {}): ResourceEndpoints {
  return {
    list: `GET ${listPath}`,
    totals: `GET ${listPath}/totals`,
    export: `POST ${listPath}/export`,
    ...(detail ? { getOne: `GET ${listPath}/:id` } : {}),
  };
}

/** The one pagination helper: 0-based page numbers and the page sizes of spec §9. */
import { z } from 'zod';
import type { Page } from '@/domain/api';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Deep OFFSET pages get slow; nobody pages this far by hand (filters exist for that). */
const MAX_PAGE_NUMBER = 100_000;

export const pageQueryShape = {
  pageNumber: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_PAGE_NUMBER)
    .default(0)
    .meta({ description: '0-based page number' }),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), 'rules.pageSize')
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: 'Rows per page: 10, 20, 50 or 100', enum: [...PAGE_SIZES] }),
};

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const offsetOf = ({ pageNumber, pageSize }: PageRequest) => pageNumber * pageSize;

export function toPage<T>(content: T[], totalElements: number, { pageNumber, pageSize }: PageRequest): Page<T> {
  return { content, totalElements, pageNumber, pageSize };
}

export type SortDirection = 'asc' | 'desc';
export interface Sort<F extends string> {
  field: F;
  direction: SortDirection;
}

/**
 * `sort=<field>,<asc|desc>` (Spring style, what the portal's dataProvider sends) restricted to
 * `fields`, so a client can never order by an unindexed or private column.
 */
export function sortParam<const F extends string>(fields: readonly F[], fallback: `${F},${SortDirection}`) {
  const values = fields.flatMap((f) => [`${f},asc`, `${f},desc`]) as [string, ...string[]];
  return z
    .enum(values)
    .default(fallback)
    .transform((value): Sort<F> => {
      const [field, direction] = value.split(',');
      return { field: field as F, direction: direction as SortDirection };
    })
    .meta({ description: `Order: field,asc|desc with field one of ${fields.join(', ')} (default ${fallback})` });
}

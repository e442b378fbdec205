import { TablePager as Pager } from '@/components/TablePager';

export const PAGE_SIZE = 20;

/** The footer of the ledger and the order list: fixed page size, 0-based pages. */
export function TablePager({ count, page, onPage }: { count: number; page: number; onPage: (page: number) => void }) {
  return (
    <Pager count={count} page={page} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} onPageChange={(_, p: number) => onPage(p)} />
  );
}

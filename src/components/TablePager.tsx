import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import { useTranslate } from 'react-admin';

type PagerProps = Omit<TablePaginationProps<'div'>, 'component' | 'labelDisplayedRows' | 'labelRowsPerPage' | 'getItemAriaLabel'>;

/**
 * MUI's table pager in the portal's words, for tables outside react-admin's lists: MUI's own labels are
 * English ("1–20 of 45", "Rows per page", "Go to next page"); these are react-admin's `ra.navigation.*`.
 */
export function TablePager(props: PagerProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      {...props}
    />
  );
}

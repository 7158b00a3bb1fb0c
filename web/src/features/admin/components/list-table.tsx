import type { Pagination } from '@cadenza/contracts/http';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoadError } from '../../../app/page-load-error';
import { DataTable, type DataTableProps } from './data-table';
import { Pager } from './pager';

/** An admin screen's title, with its actions at the end of the line. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center gap-3">
      <h1 className="me-auto text-2xl font-semibold">{title}</h1>
      {children}
    </header>
  );
}

/**
 * A page of an admin list as a table: the app's failed-load state when the page could not be
 * read, a skeleton while it loads, and the pager below when the list has pages.
 */
export function ListTable<T extends { id: number }>({
  list,
  onPage,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'isLoading'> & {
  list: UseQueryResult<Pagination<T>>;
  onPage?: (page: number) => void;
}) {
  return (
    <>
      {list.isError ? (
        <PageLoadError inScreen onRetry={() => void list.refetch()} />
      ) : (
        <DataTable {...table} rows={list.data?.data} isLoading={list.isPending} />
      )}
      {onPage && <Pager pagination={list.data} onPage={onPage} />}
    </>
  );
}

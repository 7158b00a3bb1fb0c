import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { cn } from '../../../ui/cn';
import { Skeleton } from '../../../ui/skeleton';

export interface Column<T> {
  key: string;
  /** '' for the column of a row's actions: its header is read out as 'Actions', not shown. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The `orderBy` value this column sorts by, when it sorts. */
  sortBy?: string;
  className?: string;
}

export interface DataTableProps<T extends { id: number }> {
  label: string;
  rows: T[] | undefined;
  columns: Column<T>[];
  isLoading: boolean;
  orderBy?: string | undefined;
  orderDir?: 'asc' | 'desc' | undefined;
  onSort?: (orderBy: string, orderDir: 'asc' | 'desc') => void;
  /** With a selection, each row gets a tick box and the header one for the page. */
  selected?: Set<number>;
  onSelectedChange?: (selected: Set<number>) => void;
  /** How a row's tick box is read out, e.g. the user's name. */
  rowLabel?: (row: T) => string;
  empty: ReactNode;
}

/** The admin tables: sortable headers, a selection for bulk actions, a skeleton while loading. */
export function DataTable<T extends { id: number }>({
  label,
  rows,
  columns,
  isLoading,
  orderBy,
  orderDir,
  onSort,
  selected,
  onSelectedChange,
  rowLabel,
  empty,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const pageIds = rows?.map((row) => row.id) ?? [];
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected?.has(id));

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange?.(next);
  };

  if (!isLoading && rows?.length === 0) return <>{empty}</>;

  return (
    // Scrolls sideways on narrow screens; focusable so the keyboard can scroll it too.
    <div
      className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-primary"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-sm" aria-label={label} aria-busy={isLoading || undefined}>
        <thead className="border-b border-border text-start text-xs text-fg-muted">
          <tr>
            {selectable && (
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--primary)]"
                  aria-label={t('Select all on this page')}
                  checked={allSelected}
                  onChange={() =>
                    onSelectedChange(allSelected ? new Set() : new Set([...selected, ...pageIds]))
                  }
                />
              </th>
            )}
            {columns.map((column) => {
              const active = column.sortBy !== undefined && column.sortBy === orderBy;
              const sort = active ? orderDir : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : undefined
                  }
                  className={cn('px-3 py-2 text-start font-medium', column.className)}
                >
                  {column.sortBy && onSort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded-sm hover:text-fg"
                      onClick={() =>
                        onSort(column.sortBy!, active && orderDir === 'asc' ? 'desc' : 'asc')
                      }
                    >
                      {t(column.header)}
                      {sort === 'asc' ? (
                        <ArrowUp size={14} aria-hidden />
                      ) : sort === 'desc' ? (
                        <ArrowDown size={14} aria-hidden />
                      ) : (
                        <ChevronsUpDown size={14} aria-hidden className="opacity-50" />
                      )}
                    </button>
                  ) : column.header ? (
                    t(column.header)
                  ) : (
                    <span className="sr-only">{t('Actions')}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {isLoading && !rows
            ? Array.from({ length: 5 }, (_, index) => (
                <tr key={index} className="border-b border-border last:border-0">
                  <td colSpan={columns.length + (selectable ? 1 : 0)} className="px-3 py-3">
                    <Skeleton className="h-6" />
                  </td>
                </tr>
              ))
            : rows?.map((row) => (
                <tr
                  key={row.id}
                  className={cn(
                    'border-b border-border last:border-0 hover:bg-bg-hover',
                    selected?.has(row.id) && 'bg-bg-hover',
                  )}
                >
                  {selectable && (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-[var(--primary)]"
                        aria-label={t('Select {{name}}', { name: rowLabel?.(row) ?? row.id })}
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row.id)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.key} className={cn('px-3 py-2', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Select, SelectItem } from '../../../ui/select';
import { toast } from '../../../ui/toast/toast-store';
import { type Column } from '../components/data-table';
import { ListTable, ScreenHeader } from '../components/list-table';
import { SearchField } from '../components/search-field';
import { useListParams } from '../components/use-list-params';
import { useAdminCatalogue, useDeleteCatalogueItems, type CatalogueTable } from './catalogue-api';

// The "any" choice of a filter: no parameter in the address.
const ANY = 'any';

interface Props<T extends { id: number; name: string }> {
  table: CatalogueTable;
  title: string;
  searchLabel: string;
  icon: ReactNode;
  columns: Column<T>[];
  /** Choices that narrow the table, each an address parameter (`?type=single`). */
  filters?: { name: string; label: string; options: [value: string, text: string][] }[];
  /** The row's own actions, before its delete button. */
  actions?: (row: T) => ReactNode;
  /** What deleting does, for the confirmation. */
  deleteTitle: string;
  deleteBody: string;
  deleteLabel?: string;
  /** The label of a row's delete button. */
  deleteRowLabel: (row: T) => string;
  children?: ReactNode;
}

/**
 * A catalogue table of the admin area: search, sort and pages from the server, rows selected
 * for a bulk delete behind a confirmation, and each row's own actions.
 */
export function CatalogueListPage<T extends { id: number; name: string }>({
  table,
  title,
  searchLabel,
  icon,
  columns,
  filters = [],
  actions,
  deleteTitle,
  deleteBody,
  deleteLabel,
  deleteRowLabel,
  children,
}: Props<T>) {
  const { t } = useTranslation();
  const { params, apiParams, update } = useListParams();
  const list = useAdminCatalogue<T>(table, apiParams);
  const remove = useDeleteCatalogueItems(table);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<T[] | null>(null);
  const selectedRows = list.data?.data.filter((row) => selected.has(row.id)) ?? [];

  const allColumns: Column<T>[] = [
    ...columns,
    {
      key: 'actions',
      header: '',
      className: 'w-24 text-end whitespace-nowrap',
      cell: (row) => (
        <>
          {actions?.(row)}
          <IconButton label={deleteRowLabel(row)} size="sm" onClick={() => setDeleting([row])}>
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <ScreenHeader title={title} />
      <div className="flex flex-wrap items-center gap-3">
        <SearchField
          label={searchLabel}
          value={params.query}
          onChange={(query) => update({ query })}
        />
        {filters.map((filter) => (
          <Select
            key={filter.name}
            aria-label={filter.label}
            size="sm"
            value={params.filters[filter.name] ?? ANY}
            onValueChange={(value) => update({ [filter.name]: value === ANY ? undefined : value })}
            className="w-full sm:w-auto sm:min-w-44"
          >
            <SelectItem value={ANY}>{filter.label}</SelectItem>
            {filter.options.map(([value, text]) => (
              <SelectItem key={value} value={value}>
                {text}
              </SelectItem>
            ))}
          </Select>
        ))}
        {selectedRows.length > 0 && (
          <Button variant="danger" size="sm" onClick={() => setDeleting(selectedRows)}>
            {deleteLabel
              ? `${deleteLabel} (${selectedRows.length})`
              : t('Delete {{count}} selected', { count: selectedRows.length })}
          </Button>
        )}
      </div>
      <ListTable
        list={list}
        onPage={(page) => update({ page })}
        label={title}
        columns={allColumns}
        orderBy={params.orderBy}
        orderDir={params.orderDir}
        onSort={(orderBy, orderDir) => update({ orderBy, orderDir })}
        selected={selected}
        onSelectedChange={setSelected}
        rowLabel={(row) => row.name}
        empty={
          <EmptyState
            image={icon}
            message={t('There are no items matching your query.')}
            className="rounded-lg border border-border"
          />
        }
      />
      {children}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleteTitle}
        body={deleteBody}
        confirmLabel={deleteLabel ?? t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            deleting.map((row) => row.id),
            {
              onSuccess: ({ message }) => {
                toast.positive(message);
                setSelected(new Set());
                setDeleting(null);
              },
              onError: (error) => showError(error, t),
            },
          )
        }
      />
    </div>
  );
}

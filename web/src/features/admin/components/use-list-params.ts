import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  query: string;
  page: number;
  orderBy: string | undefined;
  orderDir: 'asc' | 'desc' | undefined;
  /** Every other parameter: the table's filters. */
  filters: Record<string, string>;
}

const KNOWN = new Set(['query', 'page', 'orderBy', 'orderDir']);

/**
 * A table's search, page, sort and filters kept in the address, so a reload, the back button or a
 * shared link shows the same rows. Changing anything but the page goes back to page 1.
 */
export function useListParams() {
  const [search, setSearch] = useSearchParams();

  const params = useMemo<ListParams>(() => {
    const filters: Record<string, string> = {};
    for (const [name, value] of search) if (!KNOWN.has(name) && value) filters[name] = value;
    const dir = search.get('orderDir');
    return {
      query: search.get('query') ?? '',
      page: Math.max(1, Number(search.get('page')) || 1),
      orderBy: search.get('orderBy') ?? undefined,
      orderDir: dir === 'asc' || dir === 'desc' ? dir : undefined,
      filters,
    };
  }, [search]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  /** The query of the list call. */
  const apiParams = useMemo(
    () => ({
      ...params.filters,
      query: params.query || undefined,
      page: params.page,
      orderBy: params.orderBy,
      orderDir: params.orderDir,
    }),
    [params],
  );

  return { params, apiParams, update };
}

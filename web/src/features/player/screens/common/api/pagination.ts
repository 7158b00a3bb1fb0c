/** One page of a list as the API sends it (DESIGN.md §4, inside `pagination`). */
export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** For useInfiniteQuery: the next page number, or undefined on the last page. */
export function nextPage<T>(page: Page<T>): number | undefined {
  return page.current_page < page.last_page ? page.current_page + 1 : undefined;
}

/** Every item of the pages loaded so far. */
export function allItems<T>(pages: readonly Page<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.data) ?? [];
}

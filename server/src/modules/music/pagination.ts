import type { PageWindow } from '../../db/pagination.js';

export interface PageRequest {
  page: number;
  perPage: number;
}

export function pageWindow({ page, perPage }: PageRequest): PageWindow {
  return { limit: perPage, offset: (page - 1) * perPage };
}

export { paginated } from '@cadenza/contracts/http';

export function groupBy<T extends { owner_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.owner_id);
    if (list) list.push(row);
    else map.set(row.owner_id, [row]);
  }
  return map;
}

/** Rows fetched by id, put back in the order of the ids. */
export function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

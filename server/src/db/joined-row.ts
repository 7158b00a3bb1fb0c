/**
 * Splits a row read from a join of two tables that share column names (both have an `id`): the
 * columns read under `prefix`, unprefixed, and the other table's columns as they are. The other
 * table is undefined when its `id` is null (a left join that found nothing).
 */
export function splitJoinedRow<Prefixed, Other>(
  row: Record<string, unknown>,
  prefix: string,
  columns: readonly string[],
): { prefixed: Prefixed; other: Other | undefined } {
  const prefixed: Record<string, unknown> = {};
  for (const column of columns) prefixed[column] = row[prefix + column];
  const other: Record<string, unknown> = {};
  for (const column in row) if (!column.startsWith(prefix)) other[column] = row[column];
  return {
    prefixed: prefixed as Prefixed,
    other: other.id === null ? undefined : (other as Other),
  };
}

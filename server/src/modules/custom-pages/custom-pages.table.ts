import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CustomPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Sanitized HTML. */
  body: string;
  type: string;
  meta_description: string | null;
  /** The admin who wrote it; null for seeded pages. */
  user_id: number | null;
  created_at: string;
  updated_at: string;
}

export type CustomPageRow = Selectable<CustomPagesTable>;
export type NewCustomPageRow = Insertable<CustomPagesTable>;
export type CustomPageUpdate = Updateable<CustomPagesTable>;

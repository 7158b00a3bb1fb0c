/** A language added in the admin area (the shipped ones live in server/locales). */
export interface LocalizationsTable {
  language: string;
  name: string;
  created_at: string;
}

/** A translation line written in the admin area, over the shipped one if any. */
export interface LocalizationLinesTable {
  language: string;
  line_key: string;
  value: string;
  updated_at: string;
}

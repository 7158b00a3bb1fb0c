export interface SettingsTable {
  name: string;
  /** JSON-encoded value. */
  value: string;
  updated_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

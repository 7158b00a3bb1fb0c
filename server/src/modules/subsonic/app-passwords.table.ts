export interface AppPasswordsTable {
  user_id: number;
  sealed_password: string;
  last_used_at: string | null;
  created_at: string;
}

/** An unsaved script of the appearance editor, served to its author for the preview. */
export interface ScriptPreviewsTable {
  /** Random, 32 hex digits: the last part of the preview's address. */
  token: string;
  user_id: number;
  js: string;
  created_at: string;
}

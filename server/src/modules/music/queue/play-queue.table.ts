export interface PlayQueuesTable {
  user_id: number;
  track_ids: string;
  current_track_id: number | null;
  position_ms: number;
  changed_by: string;
  updated_at: string;
}

/** A listening service a user connected: its token (ListenBrainz) or session key (Last.fm), sealed. */
export interface ScrobblersTable {
  user_id: number;
  service: string;
  sealed_token: string;
  /** The account's name on the service. */
  username: string | null;
  created_at: string;
}

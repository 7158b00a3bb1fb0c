/** One of a listener's open players, kept while it reports its state. */
export interface PlayerDevicesTable {
  user_id: number;
  /** Made by the player when it opens; unique among the user's devices only. */
  device_id: string;
  /** From its browser and system, e.g. "Chrome on Linux". */
  name: string;
  type: 'desktop' | 'mobile' | 'tablet';
  /** JSON of its last report (`deviceReportSchema`). */
  state: string;
  /** When it last reported. */
  seen_at: string;
}

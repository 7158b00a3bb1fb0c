/** A finished UTC day whose plays are rolled up: its totals, and a mark that its rows exist. */
export interface ReportDaysTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  plays: number;
  listeners: number;
}

/** Plays of a track on a day. */
export interface ReportDayTracksTable {
  day: string;
  track_id: number;
  plays: number;
}

/** Plays on a day by one of the client columns of a play (device, browser, platform, country). */
export interface ReportDayClientsTable {
  day: string;
  kind: 'device' | 'browser' | 'platform' | 'country';
  name: string;
  plays: number;
}

/** Who listened on a day (a user id, or a guest's session id): ranges count them distinct. */
export interface ReportDayListenersTable {
  day: string;
  listener: string;
}

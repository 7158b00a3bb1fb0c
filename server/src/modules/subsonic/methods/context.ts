import type { Storage } from '../../../infra/storage.js';
import type { InternetRadioService } from '../../internet-radio/internet-radio.service.js';
import type { LibraryService } from '../../library/library.service.js';
import type { MusicServices } from '../../music/music.services.js';
import type { PermissionsService } from '../../roles/permissions.service.js';
import type { UsersService } from '../../users/users.service.js';
import type { Nodes } from './nodes.js';

/** The services the methods answer over. */
export interface SubsonicServices {
  music: MusicServices;
  importer: LibraryService;
  radio: InternetRadioService;
  users: UsersService;
  permissions: PermissionsService;
  storage: Storage;
  appUrl: string;
}

/** What the sections share: the services, the caller's annotated nodes, and who plays what. */
export interface SubsonicContext extends SubsonicServices {
  nodes: Nodes;
  /** What each user's players play now (scrobble with `submission=false`), by user id. */
  nowPlaying: Map<number, { trackId: number; at: number; player: string }>;
}

import type { EventBus } from '../../infra/events.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { Kysely } from 'kysely';
import type { AuditService } from '../audit/audit.service.js';
import type { Database } from '../../db/schema.js';
import { geoLite2Lookup, type GeoLookup } from '../../infra/geo.js';
import type { Jobs } from '../../infra/jobs/index.js';
import type { Storage } from '../../infra/storage.js';
import type { UsersService } from '../users/users.service.js';
import { createCatalogueService } from './catalogue/catalogue.service.js';
import { createPlayQueueService } from './queue/play-queue.service.js';
import { createChannelsService, seedDefaultChannels } from './channels/channels.service.js';
import { createLikesService } from './likes/likes.service.js';
import { createLoudnessService } from './loudness/loudness.service.js';
import { createUserLibraryService } from './likes/user-library.service.js';
import { createPlaylistFilesService } from './playlists/playlist-files.service.js';
import { createPlaylistsService } from './playlists/playlists.service.js';
import { OpenAudioFiles } from './plays/open-audio-files.js';
import { createPlaysService } from './plays/plays.service.js';
import { Transcoder } from './plays/transcoder.js';
import { createProfilesService } from './profiles/profiles.service.js';
import { createSearchService } from './search/search.service.js';
import { createMixesService } from './mixes/mixes.service.js';
import { createRadioService } from './radio/radio.service.js';
import { createDevicesService } from './devices/devices.service.js';
import { memoryPubSub, type PubSub } from '../../infra/pubsub.js';
import { createEmbedsService, type EmbedLanguages } from './embeds/embeds.service.js';
import type { SettingsReader } from '../../core/ports.js';

export interface MusicDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  storage: Storage;
  dataDir: string;
  users: UsersService;
  /** Where plays are located; defaults to the bundled GeoLite2 database. */
  geo?: GeoLookup | null;
  /** The ffmpeg command for transcoding; used only when it runs. */
  ffmpeg?: string;
  events: EventBus;
  /** Workspace membership, for playlists shared with a workspace. */
  workspaces: Pick<WorkspacesService, 'roleIn' | 'listFor'>;
  /** Where the admin area's changes (channels) are recorded. */
  audit: AuditService;
  /** Background work: measuring the tracks' loudness. */
  jobs: Jobs;
  /** The library's folders and the site's address: imported playlists name tracks by them. */
  libraryFolders?: string[];
  appUrl?: string;
  /** Carries the players' commands and changes to every instance. */
  pubsub?: PubSub;
  /** The site's name, which embeds and shared links carry. */
  settings: SettingsReader;
  /** The site's languages, for the embeds' texts. */
  languages: EmbedLanguages;
}

export type MusicServices = ReturnType<typeof createMusicServices>;

/** The services of the music domain, wired to each other. */
export function createMusicServices({
  db,
  dialect,
  storage,
  dataDir,
  users,
  geo,
  ffmpeg = 'ffmpeg',
  events,
  workspaces,
  audit,
  jobs,
  libraryFolders = [],
  appUrl = 'http://localhost',
  pubsub = memoryPubSub(),
  settings,
  languages,
}: MusicDeps) {
  const likes = createLikesService(db);
  const loudness = createLoudnessService({ db, dataDir, ffmpeg, jobs });
  const core = createCatalogueService({ db, storage, likes, dataDir, events });
  const playlists = createPlaylistsService({ db, users, catalogue: core, storage, workspaces });
  const channels = createChannelsService({ db, catalogue: core, playlists, audit });
  const library = createUserLibraryService({ likes, catalogue: core, playlists, users, events });
  const plays = createPlaysService({
    db,
    catalogue: core,
    geo: geo === undefined ? geoLite2Lookup() : geo,
    events,
  });
  const search = createSearchService({ db, dialect, catalogue: core, playlists });
  const profiles = createProfilesService({ db, users, likes, playlists });
  const playQueue = createPlayQueueService({ db, catalogue: core });
  const playlistFiles = createPlaylistFilesService({
    db,
    playlists,
    catalogue: core,
    places: { libraryFolders, appUrl },
  });
  const radio = createRadioService({ db, catalogue: core });
  const mixes = createMixesService({ db, catalogue: core, radio, storage });
  const devices = createDevicesService({ db, catalogue: core, pubsub });
  const embeds = createEmbedsService({
    catalogue: core,
    playlists,
    settings,
    languages,
    appUrl,
  });
  /**
   * What importers and the demo seed use: writes into the catalogue, playlists and channels
   * without a visitor's permissions.
   */
  const catalogue = {
    ...core,
    createPlaylist: playlists.createPlaylist,
    addToPlaylist: playlists.addToPlaylist,
    createChannel: channels.createChannel,
  };
  return {
    /** MP3 streams for players that cannot play a file as it is (stopped with `close`). */
    transcoder: new Transcoder(ffmpeg),
    /** The audio files being streamed, kept open for a moment (closed with `audioFiles.close`). */
    audioFiles: new OpenAudioFiles(),
    likes,
    loudness,
    catalogue,
    playlists,
    playlistFiles,
    channels,
    library,
    plays,
    search,
    profiles,
    playQueue,
    radio,
    mixes,
    devices,
    embeds,
    /** Default channels (the home screen and the genre page); safe to run on every start. */
    seed: () => seedDefaultChannels(channels),
  };
}

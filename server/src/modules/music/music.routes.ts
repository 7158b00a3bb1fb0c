import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { channelsRoutes } from './channels/channels.routes.js';
import { likesRoutes } from './likes/likes.routes.js';
import type { MusicServices } from './music.services.js';
import { playlistFilesRoutes } from './playlists/playlist-files.routes.js';
import { playlistsRoutes } from './playlists/playlists.routes.js';
import { playsRoutes } from './plays/plays.routes.js';
import { profilesRoutes } from './profiles/profiles.routes.js';
import { playQueueRoutes } from './queue/play-queue.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { mixesRoutes } from './mixes/mixes.routes.js';
import { radioRoutes } from './radio/radio.routes.js';
import { devicesRoutes } from './devices/devices.routes.js';
import { embedsRoutes } from './embeds/embeds.routes.js';

/** Every HTTP route of the music domain. */
export async function musicRoutes(
  app: FastifyInstance,
  { music }: { music: MusicServices },
): Promise<void> {
  await app.register(catalogueRoutes, { catalogue: music.catalogue, channels: music.channels });
  await app.register(playlistsRoutes, { playlists: music.playlists });
  await app.register(playlistFilesRoutes, { playlistFiles: music.playlistFiles });
  await app.register(likesRoutes, { library: music.library });
  await app.register(channelsRoutes, { channels: music.channels });
  await app.register(playsRoutes, {
    catalogue: music.catalogue,
    plays: music.plays,
    audioFiles: music.audioFiles,
    transcoder: music.transcoder,
  });
  await app.register(searchRoutes, { search: music.search });
  await app.register(profilesRoutes, { profiles: music.profiles });
  await app.register(playQueueRoutes, { playQueue: music.playQueue });
  await app.register(radioRoutes, { radio: music.radio });
  await app.register(mixesRoutes, { mixes: music.mixes });
  await app.register(devicesRoutes, { devices: music.devices });
  await app.register(embedsRoutes, { embeds: music.embeds });
}

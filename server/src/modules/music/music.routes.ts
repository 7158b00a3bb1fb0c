import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { channelsRoutes } from './channels/channels.routes.js';
import { likesRoutes } from './likes/likes.routes.js';
import type { MusicServices } from './music.services.js';
import { playlistsRoutes } from './playlists/playlists.routes.js';
import { playsRoutes } from './plays/plays.routes.js';
import { profilesRoutes } from './profiles/profiles.routes.js';
import { playQueueRoutes } from './queue/play-queue.routes.js';
import { searchRoutes } from './search/search.routes.js';

/** Every HTTP route of the music domain. */
export async function musicRoutes(
  app: FastifyInstance,
  { music }: { music: MusicServices },
): Promise<void> {
  await app.register(catalogueRoutes, { catalogue: music.catalogue, channels: music.channels });
  await app.register(playlistsRoutes, { playlists: music.playlists });
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
}

import type { Album, Artist, SearchResults, SearchType, Track } from '@cadenza/contracts/music';
import type { PageRequest } from '../../music/pagination.js';
import { subsonicFolderArtist } from '../subsonic-mappers.js';
import type { SubsonicNode } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Caller, Methods, Params } from './method.js';
import { countParam, listed, offsetParam, window } from './params.js';

/** Searching: search2 (folders) and search3 (ID3), over the web player's search. */
export function searchingMethods({ music, nodes }: SubsonicContext): Methods {
  const { catalogue, search } = music;
  const { songNodes, albumNodes, artistNodes } = nodes;
  const methods: Methods = {
    search2: async (params, caller) => ({
      searchResult2: await searchResult(params, caller, 'folder'),
    }),
    search3: async (params, caller) => ({
      searchResult3: await searchResult(params, caller, 'id3'),
    }),
  };

  /** search2 and search3: the search service; an empty query walks the whole catalogue. */
  async function searchResult(
    params: Params,
    caller: Caller,
    kind: 'folder' | 'id3',
  ): Promise<SubsonicNode> {
    // search2 answers folders (the schema's Artist and Child), search3 ID3 artists and albums.
    const artistsOf = (artists: Artist[]) =>
      kind === 'id3' ? artistNodes(artists) : artists.map((artist) => subsonicFolderArtist(artist));
    const albumsOf = (albums: Album[]) => albumNodes(caller, albums, { folder: kind === 'folder' });
    const query = (params.get('query') ?? '').replace(/^"|"$/g, '').trim();
    const found: SubsonicNode = {};
    const part = (name: string) => ({
      count: countParam(params, `${name}Count`, 20),
      offset: offsetParam(params, `${name}Offset`),
    });
    if (query === '') {
      const artist = part('artist');
      const album = part('album');
      const song = part('song');
      if (artist.count) {
        const { data } = await catalogue.artistsByName(
          window(artist.count, artist.offset),
          listed(caller),
        );
        found.artist = await artistsOf(data);
      }
      if (album.count) {
        const page = window(album.count, album.offset);
        const { data } = await catalogue.albumsInOrder('alphabeticalByName', page, listed(caller));
        found.album = await albumsOf(data);
      }
      if (song.count) {
        const { data } = await catalogue.tracksInOrder(
          window(song.count, song.offset),
          listed(caller),
        );
        found.song = await songNodes(caller, data);
      }
      return found;
    }
    // Types asked for the same page are searched together, as the web player searches: one kept
    // page for all three, and words that matched one type are not taken for typos in another.
    const pages = new Map<string, { page: PageRequest; types: SearchType[] }>();
    for (const [name, type] of [
      ['artist', 'artists'],
      ['album', 'albums'],
      ['song', 'tracks'],
    ] as const) {
      const { count, offset } = part(name);
      if (count === 0) continue;
      const page = window(count, offset);
      const key = `${page.page}:${page.perPage}`;
      pages.set(key, { page, types: [...(pages.get(key)?.types ?? []), type] });
    }
    const searches = await Promise.all(
      [...pages.values()].map(({ page, types }) =>
        search.search(query, types, page, listed(caller)),
      ),
    );
    const { artists, albums, tracks }: SearchResults['results'] = Object.assign(
      {},
      ...searches.map((searched) => searched.results),
    );
    if (artists) found.artist = await artistsOf(artists.data as Artist[]);
    if (albums) found.album = await albumsOf(albums.data as Album[]);
    if (tracks) found.song = await songNodes(caller, tracks.data as Track[]);
    return found;
  }

  return methods;
}

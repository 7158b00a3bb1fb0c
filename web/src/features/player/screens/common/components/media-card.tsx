import type { ChannelItem } from '@cadenza/contracts/music';
import { useTranslation } from '../../../../../i18n/use-translation';
import { Link } from 'react-router';
import { albumTracks, artistTracks, playlistTracks } from '../api/track-sources';
import { albumUrl, artistUrl, channelUrl, genreUrl, playlistUrl, trackUrl } from '../links';
import { ArtistLinks } from './artist-links';
import { CARD_GRID, CoverCard } from './cover-card';

/** The cover card of any channel item: album, artist, track, playlist, genre or channel. */
export function MediaCard({ item, variant }: { item: ChannelItem; variant?: 'card' | 'row' }) {
  const { t } = useTranslation();
  switch (item.model_type) {
    case 'album':
      return (
        <CoverCard
          variant={variant}
          title={item.name}
          href={albumUrl(item)}
          image={item.image}
          subtitle={
            <>
              {item.year ? `${item.year} · ` : ''}
              <ArtistLinks artists={item.artists} className="" />
            </>
          }
          play={{ context: { type: 'album', id: item.id }, tracks: () => albumTracks(item.id) }}
        />
      );
    case 'artist':
      return (
        <CoverCard
          variant={variant}
          title={item.name}
          href={artistUrl(item)}
          image={item.image_small}
          kind="artist"
          rounded
          subtitle={t('Artist')}
          play={{ context: { type: 'artist', id: item.id }, tracks: () => artistTracks(item.id) }}
        />
      );
    case 'track':
      return (
        <CoverCard
          variant={variant}
          title={item.name}
          href={trackUrl(item)}
          image={item.image ?? item.album?.image ?? null}
          kind="track"
          subtitle={<ArtistLinks artists={item.artists} className="" />}
          play={{ context: { type: 'channel', id: `track-${item.id}` }, tracks: [item] }}
        />
      );
    case 'playlist':
      return (
        <CoverCard
          variant={variant}
          title={item.name}
          href={playlistUrl(item)}
          image={item.image}
          mosaic={item.mosaic}
          subtitle={t('By {{name}}', { name: item.owner.display_name })}
          play={{
            context: { type: 'playlist', id: item.id },
            tracks: () => playlistTracks(item.id),
          }}
        />
      );
    case 'genre':
      return <GenreTile name={item.name} label={item.display_name} href={genreUrl(item)} />;
    case 'channel':
      return (
        <CoverCard
          title={t(item.name)}
          href={channelUrl(item)}
          image={null}
          subtitle={item.description && t(item.description)}
        />
      );
  }
}

/** Items as a grid of cover cards, the shelf of most screens. */
export function MediaCardGrid({ items }: { items: readonly ChannelItem[] }) {
  return (
    <ul className={CARD_GRID}>
      {items.map((item) => (
        <li key={item.id}>
          <MediaCard item={item} />
        </li>
      ))}
    </ul>
  );
}

// Tile colours for genres; picked from the name so a genre keeps its colour everywhere.
const TILE_COLOURS = [
  '#8d67ab',
  '#e8115b',
  '#1e3264',
  '#e1118c',
  '#477d95',
  '#ba5d07',
  '#148a08',
  '#503750',
  '#8c1932',
  '#0d73ec',
  '#af2896',
  '#27856a',
];

export function tileColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return TILE_COLOURS[Math.abs(hash) % TILE_COLOURS.length]!;
}

/** A coloured genre tile, as in a 'Browse all' grid. */
export function GenreTile({ name, label, href }: { name: string; label: string; href: string }) {
  return (
    <Link
      to={href}
      className="relative block aspect-[16/10] overflow-hidden rounded-lg p-4 text-xl font-bold text-white outline-none transition-transform hover:scale-[1.02] focus-visible:ring-2 focus-visible:ring-fg"
      style={{ backgroundColor: tileColour(name) }}
    >
      <span className="line-clamp-2 break-words">{label}</span>
      <span
        aria-hidden
        className="absolute -end-4 -bottom-2 size-20 rotate-[25deg] rounded-sm bg-black/20 shadow-overlay"
      />
    </Link>
  );
}

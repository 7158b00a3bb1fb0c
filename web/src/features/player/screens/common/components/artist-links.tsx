import type { ArtistRef } from '@cadenza/contracts/music';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { artistUrl } from '../links';

/** 'Artist A, Artist B', each a link to the artist page. */
export function ArtistLinks({ artists, className }: { artists: ArtistRef[]; className?: string }) {
  return (
    <span className={className ?? 'truncate'}>
      {artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && ', '}
          <Link to={artistUrl(artist)} className="hover:text-fg hover:underline">
            {artist.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}

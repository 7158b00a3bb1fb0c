import type { ArtistAccess, ArtistProfileInput, ManagedArtist } from '@cadenza/contracts/backstage';
import type { Artist } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { CatalogueService } from '../music/catalogue/catalogue.service.js';
import { accessOf } from './access.js';
import * as repo from './backstage.repo.js';

export type BackstageArtistsService = ReturnType<typeof createBackstageArtistsService>;

/** The artist profiles users manage from the backstage: who may see and change each. */
export function createBackstageArtistsService({
  db,
  catalogue,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
}) {
  /**
   * What the user may do with the artist. An artist they do not manage is "not found", so ids
   * reveal nothing; a label member who may only look is refused a change.
   */
  async function access(userId: number, artistId: number, needs: ArtistAccess) {
    const [row] = await repo.managedArtists(db, userId, artistId);
    if (!row) throw AppError.notFound('Artist not found.');
    const granted = accessOf(row);
    if (needs === 'edit' && granted !== 'edit') {
      throw AppError.forbidden('Your role in the label lets you see this artist, not change it.');
    }
    return granted;
  }

  return {
    access,

    async managedBy(userId: number): Promise<ManagedArtist[]> {
      return (await repo.managedArtists(db, userId)).map((row) => ({
        id: row.id,
        name: row.name,
        image_small: row.image_small,
        verified: row.verified === 1,
        workspace:
          row.workspace_id !== null
            ? { id: row.workspace_id, name: row.workspace_name ?? '' }
            : null,
        access: accessOf(row),
      }));
    },

    async profile(
      userId: number,
      artistId: number,
    ): Promise<{ artist: Artist; access: ArtistAccess }> {
      const granted = await access(userId, artistId, 'view');
      return { artist: await catalogue.artistProfile(artistId), access: granted };
    },

    async update(userId: number, artistId: number, input: ArtistProfileInput): Promise<Artist> {
      await access(userId, artistId, 'edit');
      await catalogue.setArtistDetails(artistId, {
        ...(input.bio !== undefined ? { bio: input.bio ?? null } : {}),
        ...(input.links !== undefined ? { links: input.links } : {}),
        ...(input.genres !== undefined ? { genres: input.genres } : {}),
        ...(input.location !== undefined ? { location: input.location ?? null } : {}),
      });
      return catalogue.artistProfile(artistId);
    },

    async setImage(
      userId: number,
      artistId: number,
      kind: 'portrait' | 'header',
      data: Buffer,
    ): Promise<Artist> {
      await access(userId, artistId, 'edit');
      await catalogue.setArtistDetails(
        artistId,
        kind === 'portrait' ? { image: { data } } : { headerImage: { data } },
      );
      return catalogue.artistProfile(artistId);
    },
  };
}

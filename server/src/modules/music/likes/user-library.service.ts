import type { EventBus } from '../../../infra/events.js';
import type { FollowableType, LikeableType } from '@cadenza/contracts/music';
import { AppError } from '../../../core/errors.js';
import { extended } from '../../../infra/extended.js';
import type { UsersService } from '../../users/users.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { publicUserRefs } from '../public-user.js';
import type { RateableType } from './likes.repo.js';
import type { LikesService } from './likes.service.js';
import { SYSTEM_ACTOR } from '../actor.js';

export type UserLibraryService = ReturnType<typeof createUserLibraryService>;

/** A user's library: what they like and whom they follow, checked against what they may see. */
export function createUserLibraryService({
  likes,
  catalogue,
  playlists,
  users,
  events,
}: {
  likes: LikesService;
  catalogue: CatalogueService;
  playlists: PlaylistsService;
  users: UsersService;
  events: EventBus;
}) {
  async function assertLikeable(userId: number, type: LikeableType, id: number) {
    const ok =
      type === 'playlist'
        ? await playlists.isVisible(id, userId)
        : await catalogue.exists(type, id);
    if (!ok) throw AppError.notFound('Not found.');
  }

  async function follow(userId: number, type: FollowableType, id: number): Promise<void> {
    if (type === 'user') {
      if (id === userId)
        throw AppError.validation({ followable_id: 'You cannot follow yourself.' });
      if (!(await users.findById(id))) throw AppError.notFound('Not found.');
    } else if (!(await catalogue.exists('artist', id))) {
      throw AppError.notFound('Not found.');
    }
    await likes.follow(userId, type, id);
    if (type === 'user')
      await events.emit('music.user_followed', { followerId: userId, userId: id });
  }

  async function followedArtists(userId: number, page: PageRequest) {
    const { ids, total } = await likes.followedPage(userId, 'artist', pageWindow(page));
    return paginated(
      await catalogue.artistsByIds(ids, { userId, actor: SYSTEM_ACTOR }),
      total,
      page,
    );
  }

  // An artist has one mark, following: liking an artist (from any transport) follows it, and the
  // liked artists are the followed ones, so the artist page and Library › Artists agree.
  return {
    async like(userId: number, type: LikeableType, id: number): Promise<void> {
      if (type === 'artist') return follow(userId, 'artist', id);
      await assertLikeable(userId, type, id);
      await likes.like(userId, type, id);
    },

    unlike: (userId: number, type: LikeableType, id: number) =>
      type === 'artist' ? likes.unfollow(userId, 'artist', id) : likes.unlike(userId, type, id),

    async liked(userId: number, type: LikeableType, page: PageRequest) {
      if (type === 'artist') return followedArtists(userId, page);
      const { ids, total } = await likes.likedPage(userId, type, pageWindow(page));
      const viewer = { userId, actor: SYSTEM_ACTOR };
      // Each track of a library is liked: the guest's tracks, marked, with no need to look.
      const data =
        type === 'track'
          ? (await catalogue.tracksByIds(ids, { userId: null, actor: SYSTEM_ACTOR })).map((track) =>
              extended(track, { is_liked: true }),
            )
          : type === 'album'
            ? await catalogue.albumsByIds(ids, viewer)
            : await playlists.byIds(ids, viewer);
      return paginated<(typeof data)[number]>(data, total, page);
    },

    follow,

    unfollow: (userId: number, type: FollowableType, id: number) =>
      likes.unfollow(userId, type, id),

    followedArtists,

    async followedUsers(userId: number, page: PageRequest) {
      const { ids, total } = await likes.followedPage(userId, 'user', pageWindow(page));
      return paginated(await publicUserRefs(users, ids), total, page);
    },

    /** Rates a track, album or artist from 1 to 5 stars; 0 takes the rating back. */
    async rate(userId: number, type: RateableType, id: number, rating: number): Promise<void> {
      if (!Number.isInteger(rating) || rating < 0 || rating > 5) {
        throw AppError.validation({ rating: 'The rating must be a whole number from 0 to 5.' });
      }
      if (!(await catalogue.exists(type, id))) throw AppError.notFound('Not found.');
      await likes.rate(userId, type, id, rating);
    },

    /** The albums a user rated, best first. */
    async ratedAlbums(userId: number, page: PageRequest) {
      const { ids, total } = await likes.ratedPage(userId, 'album', pageWindow(page));
      return paginated(
        await catalogue.albumsByIds(ids, { userId, actor: SYSTEM_ACTOR }),
        total,
        page,
      );
    },
  };
}

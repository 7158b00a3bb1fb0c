import type { EventBus } from '../../../infra/events.js';
import type { FollowableType, LikeableType } from '@cadenza/contracts/music';
import { AppError } from '../../../core/errors.js';
import { extended } from '../../../infra/extended.js';
import type { UsersService } from '../../users/users.service.js';
import { assertMayListen } from '../actor.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Listener } from '../actor.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { publicUserRefs } from '../public-user.js';
import type { RateableType } from './likes.repo.js';
import type { LikesService } from './likes.service.js';

export type UserLibraryService = ReturnType<typeof createUserLibraryService>;

/**
 * A user's library: what they like and whom they follow, checked against what they may see.
 * Each call needs music.view, as browsing does, whichever transport asks (the JSON API, Subsonic).
 */
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

  async function follow(listener: Listener, type: FollowableType, id: number): Promise<void> {
    assertMayListen(listener.actor);
    const { userId } = listener;
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

  async function followedArtists(listener: Listener, page: PageRequest) {
    assertMayListen(listener.actor);
    const { ids, total } = await likes.followedPage(listener.userId, 'artist', pageWindow(page));
    return paginated(await catalogue.artistsByIds(ids, listener), total, page);
  }

  // An artist has one mark, following: liking an artist (from any transport) follows it, and the
  // liked artists are the followed ones, so the artist page and Library › Artists agree.
  return {
    async like(listener: Listener, type: LikeableType, id: number): Promise<void> {
      if (type === 'artist') return follow(listener, 'artist', id);
      assertMayListen(listener.actor);
      await assertLikeable(listener.userId, type, id);
      await likes.like(listener.userId, type, id);
    },

    async unlike({ userId, actor }: Listener, type: LikeableType, id: number): Promise<void> {
      assertMayListen(actor);
      if (type === 'artist') await likes.unfollow(userId, 'artist', id);
      else await likes.unlike(userId, type, id);
    },

    async liked(listener: Listener, type: LikeableType, page: PageRequest) {
      if (type === 'artist') return followedArtists(listener, page);
      assertMayListen(listener.actor);
      const { ids, total } = await likes.likedPage(listener.userId, type, pageWindow(page));
      // Each track of a library is liked: the guest's tracks, marked, with no need to look.
      const data =
        type === 'track'
          ? (await catalogue.tracksByIds(ids, { userId: null, actor: listener.actor })).map(
              (track) => extended(track, { is_liked: true }),
            )
          : type === 'album'
            ? await catalogue.albumsByIds(ids, listener)
            : await playlists.byIds(ids, listener);
      return paginated<(typeof data)[number]>(data, total, page);
    },

    follow,

    async unfollow({ userId, actor }: Listener, type: FollowableType, id: number): Promise<void> {
      assertMayListen(actor);
      await likes.unfollow(userId, type, id);
    },

    followedArtists,

    async followedUsers({ userId, actor }: Listener, page: PageRequest) {
      assertMayListen(actor);
      const { ids, total } = await likes.followedPage(userId, 'user', pageWindow(page));
      return paginated(await publicUserRefs(users, ids), total, page);
    },

    /** Rates a track, album or artist from 1 to 5 stars; 0 takes the rating back. */
    async rate(
      { userId, actor }: Listener,
      type: RateableType,
      id: number,
      rating: number,
    ): Promise<void> {
      assertMayListen(actor);
      if (!Number.isInteger(rating) || rating < 0 || rating > 5) {
        throw AppError.validation({ rating: 'The rating must be a whole number from 0 to 5.' });
      }
      if (!(await catalogue.exists(type, id))) throw AppError.notFound('Not found.');
      await likes.rate(userId, type, id, rating);
    },

    /** The albums a user rated, best first. */
    async ratedAlbums(listener: Listener, page: PageRequest) {
      assertMayListen(listener.actor);
      const { ids, total } = await likes.ratedPage(listener.userId, 'album', pageWindow(page));
      return paginated(await catalogue.albumsByIds(ids, listener), total, page);
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PageWindow } from '../../../db/pagination.js';
import * as repo from './likes.repo.js';
import type { FollowableType, LikeableType, RateableType } from './likes.repo.js';

export type LikesService = ReturnType<typeof createLikesService>;

/**
 * Likes, follows and ratings as plain relations. Checking that the liked object exists and may be
 * seen is the caller's job (the library service), which knows the catalogue and playlists.
 */
export function createLikesService(db: Kysely<Database>) {
  return {
    like: (userId: number, type: LikeableType, id: number) => repo.insertLike(db, userId, type, id),
    unlike: (userId: number, type: LikeableType, id: number) =>
      repo.deleteLike(db, userId, type, id),
    async likedAmong(userId: number | null, type: LikeableType, ids: number[]) {
      return userId ? repo.likedAmong(db, userId, type, ids) : new Set<number>();
    },
    /** A page's likes and follows for one viewer (one statement on PostgreSQL). */
    marksAmong: (userId: number, ids: repo.MarkableIds) => repo.marksAmong(db, userId, ids),
    likedPage: (userId: number, type: LikeableType, window: PageWindow) =>
      repo.likedPage(db, userId, type, window),

    follow: (userId: number, type: FollowableType, id: number) =>
      repo.insertFollow(db, userId, type, id),
    unfollow: (userId: number, type: FollowableType, id: number) =>
      repo.deleteFollow(db, userId, type, id),
    async followedAmong(userId: number | null, type: FollowableType, ids: number[]) {
      return userId ? repo.followedAmong(db, userId, type, ids) : new Set<number>();
    },
    followersCounts: (type: FollowableType, ids: number[]) => repo.followersCounts(db, type, ids),
    followerIds: (type: FollowableType, ids: number[]) => repo.followerIds(db, type, ids),
    followedPage: (userId: number, type: FollowableType, window: PageWindow) =>
      repo.followedPage(db, userId, type, window),

    rate: (userId: number, type: RateableType, id: number, rating: number) =>
      repo.upsertRating(db, userId, type, id, rating),
    annotationsAmong: (userId: number, type: RateableType, ids: number[]) =>
      repo.annotationsAmong(db, userId, type, ids),
    ratedPage: (userId: number, type: RateableType, window: PageWindow) =>
      repo.ratedPage(db, userId, type, window),
  };
}

import type { Playlist, UserProfile, UserRef } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { UsersService } from '../../users/users.service.js';
import type { Viewer } from '../actor.js';
import type { LikesService } from '../likes/likes.service.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { publicUserRef, publicUserRefs } from '../public-user.js';
import * as repo from './profiles.repo.js';

export type ProfilesService = ReturnType<typeof createProfilesService>;

export function userRefToProfile(
  user: UserRef,
  counts: { followers: number; following: number },
  isFollowed: boolean,
): UserProfile {
  return {
    ...user,
    followers_count: counts.followers,
    following_count: counts.following,
    is_followed: isFollowed,
  };
}

/**
 * Public profiles: a user's name and picture, who follows them and whom they follow, and the
 * playlists they made. Only public information leaves; private playlists stay the owner's.
 */
export function createProfilesService({
  db,
  users,
  likes,
  playlists,
}: {
  db: Kysely<Database>;
  users: UsersService;
  likes: LikesService;
  playlists: PlaylistsService;
}) {
  async function existing(id: number) {
    const user = await users.findById(id);
    if (!user) throw AppError.notFound('User not found.');
    return user;
  }

  return {
    async profile(id: number, viewer: Viewer): Promise<UserProfile> {
      const user = await existing(id);
      const [counts, followed] = await Promise.all([
        repo.followCounts(db, id),
        likes.followedAmong(viewer.userId, 'user', [id]),
      ]);
      return userRefToProfile(publicUserRef(user), counts, followed.has(id));
    },

    async playlists(id: number, viewer: Viewer, page: PageRequest) {
      await existing(id);
      const { ids, total } = await repo.ownedPlaylistIdsPage(
        db,
        id,
        pageWindow(page),
        viewer.userId !== id,
      );
      // byIds checks visibility again, so a private playlist can never slip through.
      const data: Playlist[] = await playlists.byIds(ids, viewer);
      return paginated(data, total, page);
    },

    async followers(id: number, page: PageRequest) {
      await existing(id);
      const { ids, total } = await repo.followerIdsPage(db, id, pageWindow(page));
      return paginated(await publicUserRefs(users, ids), total, page);
    },

    async following(id: number, page: PageRequest) {
      await existing(id);
      const { ids, total } = await likes.followedPage(id, 'user', pageWindow(page));
      return paginated(await publicUserRefs(users, ids), total, page);
    },
  };
}

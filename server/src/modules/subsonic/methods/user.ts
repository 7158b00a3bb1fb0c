import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { hasPermission, PERMISSIONS } from '@cadenza/contracts/permissions';
import { missing, SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Methods } from './method.js';
import { subsonicUsername } from './params.js';

/** User management: the caller's own account. */
export function userMethods({ users, permissions }: SubsonicContext): Methods {
  return {
    /** The caller's own account in Subsonic's roles (another user's is not theirs to read). */
    async getUser(params, caller) {
      const user = await users.findById(caller.userId);
      const name = params.get('username');
      if (!name) throw missing('username');
      if (!user || name !== subsonicUsername(user)) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.notAuthorized,
          'You may only read your own account.',
        );
      }
      const perms = await permissions.forUser(user.id);
      const admin = hasPermission(perms, PERMISSIONS.admin);
      return {
        user: {
          username: subsonicUsername(user),
          email: user.email,
          scrobblingEnabled: true,
          adminRole: admin,
          settingsRole: true,
          downloadRole: hasPermission(perms, MUSIC_PERMISSIONS.download),
          uploadRole: false,
          playlistRole: hasPermission(perms, MUSIC_PERMISSIONS.playlistsCreate),
          coverArtRole: false,
          commentRole: false,
          podcastRole: false,
          streamRole: hasPermission(perms, PERMISSIONS.musicView),
          jukeboxRole: false,
          shareRole: false,
          videoConversionRole: false,
          folder: [1],
        },
      };
    },
  };
}

import type { EventBus } from '../../infra/events.js';
import type { Address } from '@cadenza/contracts/users';
import type { FastifyRequest } from 'fastify';
import { sharp } from '../../infra/sharp.js';
import { AppError } from '../../core/errors.js';
import { hashPassword, randomToken } from '../../infra/hash.js';
import { newPasswordError } from '../../infra/password-policy.js';
import { safeFetch, SafeFetchError } from '../../infra/safe-fetch.js';
import type { Storage } from '../../infra/storage.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UsersService } from '../users/users.service.js';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_SIZE = 256;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

export type AccountService = ReturnType<typeof createAccountService>;
type PresentOptions = Parameters<UsersService['present']>[1];

export interface AccountDeps {
  users: UsersService;
  sessions: SessionsService;
  permissions: PermissionsService;
  auth: AuthService;
  storage: Storage;
  events: EventBus;
  /** Replaceable name resolution for avatar URLs (tests). */
  lookup?: (hostname: string) => Promise<string[]>;
}

/** The signed-in user's own account: profile, contact data, password, avatar, deletion. */
export function createAccountService(deps: AccountDeps) {
  const { users, sessions, permissions, auth, storage } = deps;

  function assertSelf(request: FastifyRequest, id: number | 'me'): number {
    const user = request.user;
    if (!user) throw AppError.unauthenticated();
    if (id !== 'me' && id !== user.id) throw AppError.forbidden();
    return user.id;
  }

  async function reload(id: number) {
    const user = await users.findById(id);
    if (!user) throw AppError.notFound();
    return users.present(user);
  }

  async function removeAvatarFile(avatar: string | null): Promise<void> {
    const key = avatar ? storage.keyOf(avatar) : undefined;
    if (key) await storage.delete(key);
  }

  const service = {
    /** Refuses a request about another user's account (403), or from a visitor (401). */
    assertSelf,
    /** The account as its owner reads it (`me`, or their own id), with the relations asked for. */
    read(request: FastifyRequest, targetId: number | 'me', options: PresentOptions) {
      assertSelf(request, targetId);
      return users.present(request.user!, options);
    },
    async updateProfile(
      request: FastifyRequest,
      input: {
        first_name?: string | null | undefined;
        last_name?: string | null | undefined;
        avatar?: string | null | undefined;
        language?: string | null | undefined;
        timezone?: string | null | undefined;
        country?: string | null | undefined;
      },
    ) {
      const id = assertSelf(request, 'me');
      const changes: Parameters<UsersService['update']>[1] = {};
      if (input.first_name !== undefined) changes.first_name = input.first_name || null;
      if (input.last_name !== undefined) changes.last_name = input.last_name || null;
      if (input.language !== undefined) changes.language = input.language || null;
      if (input.timezone !== undefined) changes.timezone = input.timezone || null;
      if (input.country !== undefined) changes.country = input.country?.toUpperCase() || null;
      if (input.avatar !== undefined) {
        // Only the avatar this app stored for the user may be set; anything else is refused.
        const current = request.user!.avatar;
        if (input.avatar === null) {
          await removeAvatarFile(current);
          changes.avatar = null;
        } else if (input.avatar !== current) {
          throw AppError.validation({ avatar: 'Upload the image through the avatar field.' });
        }
      }
      await users.update(id, changes);
      return reload(id);
    },

    async updateContactInfo(
      request: FastifyRequest,
      input: { phone?: string | null; cpf?: string | null; address_json?: Address | null },
    ) {
      const id = assertSelf(request, 'me');
      const changes: Parameters<UsersService['update']>[1] = {};
      if (input.phone !== undefined) changes.phone = input.phone || null;
      if (input.cpf !== undefined) changes.cpf = input.cpf || null;
      if (input.address_json !== undefined) {
        changes.address_json = input.address_json ? JSON.stringify(input.address_json) : null;
      }
      await users.update(id, changes);
      return reload(id);
    },

    async changePassword(
      request: FastifyRequest,
      input: { current_password: string; password: string; password_confirmation: string },
    ): Promise<void> {
      const id = assertSelf(request, 'me');
      await auth.checkPassword(request, request.user!, input.current_password, 'current_password');
      const passwordError = newPasswordError(input.password, input.password_confirmation);
      if (passwordError) throw AppError.validation({ password: passwordError });
      await users.update(id, { password: await hashPassword(input.password) });
      // Other devices signed in with the old password are signed out.
      await sessions.endOthers(id, request.session.row);
      await deps.events.emit('account.password_changed', { userId: id });
    },

    async uploadAvatar(
      request: FastifyRequest,
      targetId: number,
      input: { file?: Buffer | undefined; tooLarge?: boolean; url?: string | undefined },
    ) {
      return service.setAvatarOf(assertSelf(request, targetId), input);
    },

    /**
     * Replaces a user's picture with an upload or a picture fetched from a URL: checked by its
     * content, squared and stored as WebP. The user's own settings and the admin area use it.
     */
    async setAvatarOf(
      id: number,
      input: { file?: Buffer | undefined; tooLarge?: boolean; url?: string | undefined },
    ) {
      const current = await users.findById(id);
      if (!current) throw AppError.notFound();
      const field = input.url && !input.file ? 'url' : 'file';
      let data = input.file;
      if (input.tooLarge) {
        throw AppError.validation({ file: 'The image may not be greater than 2 MB.' });
      }
      if (!data && input.url) {
        try {
          data = await safeFetch(input.url, {
            maxBytes: AVATAR_MAX_BYTES,
            timeoutMs: 5000,
            ...(deps.lookup ? { lookup: deps.lookup } : {}),
          });
        } catch (error) {
          if (error instanceof SafeFetchError) throw AppError.validation({ url: error.message });
          throw error;
        }
      }
      if (!data || data.length === 0) {
        throw AppError.validation({ file: 'Please select an image.' });
      }
      if (data.length > AVATAR_MAX_BYTES) {
        throw AppError.validation({ [field]: 'The image may not be greater than 2 MB.' });
      }
      // The content decides, not the file name or the declared type.
      const metadata = await sharp(data)
        .metadata()
        .catch(() => undefined);
      if (!metadata?.format || !IMAGE_FORMATS.has(metadata.format)) {
        throw AppError.validation({ [field]: 'The file must be an image.' });
      }
      const image = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer()
        .catch(() => {
          throw AppError.validation({ [field]: 'The file must be an image.' });
        });
      const key = `avatars/${id}/${randomToken(12)}.webp`;
      await storage.put(key, image);
      await removeAvatarFile(current.avatar);
      await users.update(id, { avatar: storage.url(key) });
      return reload(id);
    },

    deleteAvatar: (request: FastifyRequest, targetId: number) =>
      service.removeAvatarOf(assertSelf(request, targetId)),

    async removeAvatarOf(id: number) {
      const current = await users.findById(id);
      if (!current) throw AppError.notFound();
      await removeAvatarFile(current.avatar);
      await users.update(id, { avatar: null });
      return reload(id);
    },

    /** Deletes the own account with its sessions, tokens and files; needs a confirmed password. */
    async deleteAccount(request: FastifyRequest, targetId: number): Promise<void> {
      const id = assertSelf(request, targetId);
      auth.requireConfirmedPassword(request);
      await permissions.keepingAnAdmin(
        (trx) => users.delete(id, trx),
        'You are the only admin: make another user an admin before deleting your account.',
      );
      await storage.deleteFolder(`avatars/${id}`);
      await auth.logout(request);
    },
  };
  return service;
}

import type { EventBus } from '../../infra/events.js';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../core/errors.js';
import { safeEqual } from '../../infra/hash.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import type { UserRow } from '../users/users.table.js';
import { recoveryCodes } from './recovery-codes.js';
import type { SecretBox } from '../../infra/secret-box.js';

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** Spec section 4: 0 off, 1 enabled and waiting for a confirming code, 2 on. */
export function twoFactorState(user: UserRow): 0 | 1 | 2 {
  if (!user.two_factor_secret) return 0;
  return user.two_factor_confirmed_at ? 2 : 1;
}

export interface TwoFactorDeps {
  users: UsersService;
  settings: SettingsService;
  box: SecretBox;
  events: EventBus;
}

const INVALID_CODE = 'The provided two factor authentication code was invalid.';

export function createTwoFactorService({ users, settings, box, events }: TwoFactorDeps) {
  const secretOf = (user: UserRow) =>
    user.two_factor_secret ? box.open(user.two_factor_secret) : undefined;
  const codesOf = (user: UserRow): string[] =>
    user.two_factor_recovery_codes
      ? (JSON.parse(box.open(user.two_factor_recovery_codes)) as string[])
      : [];
  const sealCodes = (codes: string[]) => box.seal(JSON.stringify(codes));

  async function fresh(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw AppError.unauthenticated();
    return user;
  }

  /**
   * Checks a TOTP code against the user's secret; a code of a time step already used is refused,
   * so a code seen over someone's shoulder cannot be replayed.
   */
  async function verifyCode(user: UserRow, code: string): Promise<boolean> {
    const secret = secretOf(user);
    if (!secret || !/^\d{6}$/.test(code)) return false;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(user.two_factor_last_step != null ? { afterTimeStep: user.two_factor_last_step } : {}),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('timeStep' in result)) return false;
    await users.update(user.id, { two_factor_last_step: result.timeStep });
    return true;
  }

  return {
    state: twoFactorState,

    /** Starts setup: a new secret and recovery codes; confirmation follows with a code. */
    async enable(userId: number): Promise<void> {
      await users.update(userId, {
        two_factor_secret: box.seal(generateSecret()),
        two_factor_recovery_codes: sealCodes(recoveryCodes()),
        two_factor_confirmed_at: null,
        two_factor_last_step: null,
      });
    },

    async qrCode(userId: number): Promise<{ svg: string; secret: string }> {
      const user = await fresh(userId);
      const secret = secretOf(user);
      if (!secret) throw AppError.notFound('Two factor authentication is not enabled.');
      const uri = generateURI({
        issuer: await settings.get('branding.site_name'),
        label: user.email,
        secret,
      });
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
      return { svg, secret };
    },

    async confirm(userId: number, code: string): Promise<void> {
      const user = await fresh(userId);
      if (twoFactorState(user) === 0) {
        throw AppError.validation({ code: 'Two factor authentication is not enabled.' });
      }
      if (!(await verifyCode(user, code))) throw AppError.validation({ code: INVALID_CODE });
      await users.update(userId, { two_factor_confirmed_at: new Date().toISOString() });
      await events.emit('account.two_factor_changed', { userId, enabled: true });
    },

    async recoveryCodes(userId: number): Promise<string[]> {
      const user = await fresh(userId);
      if (twoFactorState(user) === 0) return [];
      return codesOf(user);
    },

    async regenerateRecoveryCodes(userId: number): Promise<string[]> {
      const user = await fresh(userId);
      if (twoFactorState(user) === 0) {
        throw AppError.validation({ code: 'Two factor authentication is not enabled.' });
      }
      const codes = recoveryCodes();
      await users.update(userId, { two_factor_recovery_codes: sealCodes(codes) });
      return codes;
    },

    async disable(userId: number): Promise<void> {
      const wasOn = twoFactorState(await fresh(userId)) === 2;
      await users.update(userId, {
        two_factor_secret: null,
        two_factor_recovery_codes: null,
        two_factor_confirmed_at: null,
        two_factor_last_step: null,
      });
      if (wasOn) await events.emit('account.two_factor_changed', { userId, enabled: false });
    },

    /** The second step of login: a current code, or a recovery code that is then spent. */
    async passChallenge(
      user: UserRow,
      input: { code?: string | undefined; recovery_code?: string | undefined },
    ): Promise<void> {
      if (input.recovery_code) {
        const codes = codesOf(user);
        const match = codes.find((code) => safeEqual(code, input.recovery_code!));
        if (!match) {
          throw AppError.validation({
            recovery_code: 'The provided two factor recovery code was invalid.',
          });
        }
        await users.update(user.id, {
          two_factor_recovery_codes: sealCodes(codes.filter((code) => code !== match)),
        });
        return;
      }
      if (!(await verifyCode(user, input.code ?? ''))) {
        throw AppError.validation({ code: INVALID_CODE });
      }
    },

    /** For tests and tools: the code an authenticator app would show now. */
    async currentCode(user: UserRow, epoch?: number): Promise<string> {
      const secret = secretOf(user);
      if (!secret) throw new Error('two-factor is not enabled');
      return generate({ secret, ...(epoch !== undefined ? { epoch } : {}) });
    },
  };
}

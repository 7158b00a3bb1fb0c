import type { UserSession } from '@cadenza/contracts/users';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { sha256 } from '../../infra/hash.js';
import type { GeoLookup } from '../../infra/geo.js';
import type { AuthService } from '../auth/auth.service.js';
import { describeDevice } from '../sessions/device.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';

export type UserSessionsService = ReturnType<typeof createUserSessionsService>;

/** The id a session list shows: derived from the row, so it never reveals the cookie. */
export const publicSessionId = (row: SessionRow) => sha256(`session-list:${row.id}`).slice(0, 32);

export function createUserSessionsService(deps: {
  sessions: SessionsService;
  auth: AuthService;
  geo: GeoLookup;
}) {
  const { sessions, auth, geo } = deps;

  async function sessionRowToUserSession(
    row: SessionRow,
    current: SessionRow | null,
  ): Promise<UserSession> {
    const place = await geo.locate(row.ip_address);
    return {
      id: publicSessionId(row),
      ...describeDevice(row.user_agent),
      city: place.city,
      country: place.country,
      ip_address: row.ip_address,
      last_active: row.last_active,
      is_current_device: row.id === current?.id,
    };
  }

  return {
    async list(request: FastifyRequest): Promise<UserSession[]> {
      if (!request.user) throw AppError.unauthenticated();
      const rows = await sessions.listForUser(request.user.id);
      return Promise.all(rows.map((row) => sessionRowToUserSession(row, request.session.row)));
    },

    async logoutOthers(request: FastifyRequest, password: string): Promise<void> {
      if (!request.user) throw AppError.unauthenticated();
      auth.requireConfirmedPassword(request);
      await auth.checkPassword(request, request.user, password, 'password');
      await sessions.endOthers(request.user.id, request.session.row);
    },
  };
}

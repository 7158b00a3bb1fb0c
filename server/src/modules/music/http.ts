import { integer } from '@cadenza/contracts/http';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { holds, type Actor } from './actor.js';
import type { Listener, Viewer } from './actor.js';

export const idParams = z.object({ id: integer({ min: 1 }) });

export const pageQuery = (defaultPerPage = 20, maxPerPage = 100) =>
  z.object({
    page: integer({ min: 1 }).default(1),
    perPage: integer({ min: 1, max: maxPerPage }).default(defaultPerPage),
  });

export const messageSchema = z.object({ message: z.string() });

/** Who asks: the signed-in user, or a guest, with what they hold. */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  return { userId: request.user?.id ?? null, permissions: await request.permissions() };
}

export async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  return { userId: request.user?.id ?? null, actor: await actorOf(request) };
}

/** The signed-in user, for their own library, queue and history (401 for a guest). */
export async function listenerOf(request: FastifyRequest): Promise<Listener> {
  return { userId: userIdOf(request), actor: await actorOf(request) };
}

/** A viewer who may edit the catalogue also sees releases not yet public, to edit them. */
export async function editorViewerOf(request: FastifyRequest): Promise<Viewer> {
  const actor = await actorOf(request);
  const editor = request.user ? holds(actor, MUSIC_PERMISSIONS.update) : false;
  return { userId: request.user?.id ?? null, editor, actor };
}

export function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw AppError.unauthenticated();
  return request.user.id;
}

import { integer } from '@cadenza/contracts/http';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { hasPermission } from '@cadenza/contracts/permissions';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { Viewer } from './catalogue/catalogue.service.js';

export const idParams = z.object({ id: integer({ min: 1 }) });

export const pageQuery = (defaultPerPage = 20, maxPerPage = 100) =>
  z.object({
    page: integer({ min: 1 }).default(1),
    perPage: integer({ min: 1, max: maxPerPage }).default(defaultPerPage),
  });

export const messageSchema = z.object({ message: z.string() });

export function viewerOf(request: FastifyRequest): Viewer {
  return { userId: request.user?.id ?? null };
}

/** A viewer who may edit the catalogue also sees releases not yet public, to edit them. */
export async function editorViewerOf(request: FastifyRequest): Promise<Viewer> {
  const editor = request.user
    ? hasPermission(await request.permissions(), MUSIC_PERMISSIONS.update)
    : false;
  return { userId: request.user?.id ?? null, editor };
}

export function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw AppError.unauthenticated();
  return request.user.id;
}

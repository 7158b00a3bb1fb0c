import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { Viewer } from './catalogue/catalogue.service.js';

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const pageQuery = (defaultPerPage = 20, maxPerPage = 100) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(maxPerPage).default(defaultPerPage),
  });

export const messageSchema = z.object({ message: z.string() });

export function viewerOf(request: FastifyRequest): Viewer {
  return { userId: request.user?.id ?? null };
}

export function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw AppError.unauthenticated();
  return request.user.id;
}

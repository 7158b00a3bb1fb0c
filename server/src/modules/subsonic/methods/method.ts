import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../music/actor.js';
import type { SubsonicNode } from '../subsonic-response.js';

/** The parameters of a call: the query, and the form body of a POST (the formPost extension). */
export type Params = URLSearchParams;

export interface Caller {
  userId: number;
  /** The user with their permissions, which the music services check. */
  actor: Actor;
  /** What plays are deduplicated by, as the web player's by session: the token, or the user. */
  playSession: string;
}

/** What a method that answered with a file (stream) returns instead of a body. */
export const STREAMED = Symbol('streamed');

/** A method answers the body of its envelope, or STREAMED once it sent a file. */
export type Method = (
  params: Params,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<SubsonicNode | typeof STREAMED>;

/** The methods of one section of the API, by name. */
export type Methods = Record<string, Method>;

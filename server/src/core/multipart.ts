import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface MultipartForm {
  files: Map<string, Buffer>;
  fields: Map<string, string>;
  /** A file went over the route's size limit (the rest of the body was not read). */
  tooLarge: boolean;
}

/**
 * Reads a small multipart form into memory (an avatar, a cover). Call it only once the caller
 * may act on the object, so nobody's upload is read for nothing. A file over the route's
 * limit is reported rather than thrown, so the route can answer with a field error; a body that
 * is not valid multipart (no boundary, cut short) is the client's error.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  /** Tighter limits than the route's plugin sets, for this form alone. */
  limits?: { fileSize?: number },
): Promise<MultipartForm> {
  const form: MultipartForm = { files: new Map(), fields: new Map(), tooLarge: false };
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts(limits ? { limits } : undefined)) {
      if (part.type === 'file') form.files.set(part.fieldname, await part.toBuffer());
      else if (typeof part.value === 'string') form.fields.set(part.fieldname, part.value);
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) form.tooLarge = true;
    else throw MALFORMED();
  }
  return form;
}

const MALFORMED = () =>
  new AppError(400, 'The upload could not be read. Send it again as multipart/form-data.', {
    code: 'malformed_multipart',
  });

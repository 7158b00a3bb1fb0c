import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorLog } from '../infra/error-log.js';
import { buildDebugBody } from './debug-trace.js';
import { AppError, type FieldErrors } from './errors.js';

export interface ErrorHandlerOptions {
  debug: boolean;
  errorLog: ErrorLog;
  /**
   * Turns a failure of something the app stands on (its database gone, its disk full) into the
   * answer to give: a 503 that tells clients to come back, or a 507, not a server error.
   */
  unavailable?: (error: unknown) => AppError | undefined;
}

/** `/body/address_json/city` → `address_json.city`; query and params fields keep their names. */
function fieldName(instancePath: string, missingProperty?: unknown): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean);
  if (typeof missingProperty === 'string') path.push(missingProperty);
  return path.join('.') || 'body';
}

function validationErrors(error: FastifyError): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const field = fieldName(issue.instancePath, issue.params?.missingProperty);
    (errors[field] ??= []).push(issue.message ?? 'The value is invalid.');
  }
  return errors;
}

/**
 * One error body for every failure (DESIGN.md §4): `{message, errors?}`. Server errors are logged
 * with their context and their details hidden, unless debugging is on.
 */
export const errorHandlerPlugin = fp<ErrorHandlerOptions>(
  async (app: FastifyInstance, { debug, errorLog, unavailable }) => {
    app.setErrorHandler(
      async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
        const outage = unavailable?.(error);
        if (outage) {
          request.log.warn({ err: error, url: request.url }, outage.message);
          return reply
            .status(outage.status)
            .headers(outage.options.headers ?? {})
            .send(outage.toBody());
        }
        if (error instanceof AppError) {
          if (error.options.headers) reply.headers(error.options.headers);
          return reply.status(error.status).send(error.toBody());
        }
        if (hasZodFastifySchemaValidationErrors(error)) {
          const errors = validationErrors(error);
          return reply.status(422).send(AppError.validation(errors).toBody());
        }
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status < 500 && !isResponseSerializationError(error)) {
          return reply.status(status).send({ message: error.message });
        }

        request.log.error(
          { err: error, url: request.url, method: request.method },
          'request failed',
        );
        errorLog.write(error, request);
        const message = debug ? error.message : 'Server Error';
        return reply.status(500).send(debug ? buildDebugBody(error, message) : { message });
      },
    );
  },
  { name: 'error-handler' },
);

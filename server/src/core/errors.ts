import { UPGRADE_ACTION } from '@cadenza/contracts/http';

export type FieldErrors = Record<string, string | string[]>;

/** The one error a service throws; the error handler turns it into the body of DESIGN.md §4. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      code?: string;
      errors?: FieldErrors;
      headers?: Record<string, string>;
      /** Offered with the message by the client (spec section 8: a message and action). */
      action?: { label: string; action: string };
    } = {},
  ) {
    super(message);
  }

  toBody(): { message: string; errors?: FieldErrors; action?: { label: string; action: string } } {
    return {
      message: this.message,
      ...(this.options.errors ? { errors: this.options.errors } : {}),
      ...(this.options.action ? { action: this.options.action } : {}),
    };
  }

  /** Refused because the user's plan does not allow it; the client offers the plans. */
  static upgradeRequired(message: string): AppError {
    return new AppError(403, message, { code: 'upgrade_required', action: UPGRADE_ACTION });
  }

  get code(): string {
    return this.options.code ?? String(this.status);
  }

  static validation(errors: FieldErrors, message?: string): AppError {
    const first = Object.values(errors)[0];
    const text =
      message ?? (Array.isArray(first) ? first[0] : first) ?? 'The given data was invalid.';
    return new AppError(422, text, { code: 'validation', errors });
  }

  static unauthenticated(message = 'Unauthenticated.'): AppError {
    return new AppError(401, message, { code: 'unauthenticated' });
  }

  static forbidden(message = 'This action is unauthorized.'): AppError {
    return new AppError(403, message, { code: 'forbidden' });
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError(404, message, { code: 'not_found' });
  }

  static tooManyRequests(retryAfterSeconds: number): AppError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, `Too many attempts. Please try again in ${seconds} seconds.`, {
      code: 'throttled',
      headers: { 'retry-after': String(seconds) },
    });
  }

  /** Something the app stands on (its database, its storage) does not answer for now. */
  static unavailable(message: string, retryAfterSeconds = 5): AppError {
    return new AppError(503, message, {
      code: 'unavailable',
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}

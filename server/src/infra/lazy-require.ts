import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A dependency loaded on its first use. The optional services' clients (PostgreSQL, Redis,
 * Stripe) and the image library's native code each hold megabytes once loaded: an install that
 * uses none of them starts without them.
 */
export function lazily<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}

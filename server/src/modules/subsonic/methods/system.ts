import type { Methods } from './method.js';

/** System: whether the server answers, and what it supports. */
export function systemMethods(): Methods {
  return {
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true } }),
    getOpenSubsonicExtensions: async () => ({
      openSubsonicExtensions: [
        { name: 'apiKeyAuthentication', versions: [1] },
        { name: 'formPost', versions: [1] },
        { name: 'songLyrics', versions: [1] },
      ],
    }),
  };
}

import { describe, expect, it } from 'vitest';
import { randomToken } from '../infra/hash.js';
import { newVisitors, xsrfTokens } from './xsrf.js';

describe('new visitors', () => {
  const tokens = xsrfTokens('an app key of this test');
  const newId = () => `guest.${randomToken(30)}`;

  it('each get a session id of their own, never handed out twice, across many batches', () => {
    const next = newVisitors(newId, tokens);
    const drawn = Array.from({ length: 500 }, next);
    expect(new Set(drawn.map((visitor) => visitor.sessionId)).size).toBe(500);
    expect(new Set(drawn.map((visitor) => visitor.xsrfToken)).size).toBe(500);
  });

  it('get the token their session is checked against when they come back', () => {
    const next = newVisitors(newId, tokens);
    for (let i = 0; i < 100; i++) {
      const { sessionId, xsrfToken } = next();
      expect(xsrfToken).toBe(tokens.of(sessionId, false));
      expect(xsrfToken).not.toBe(xsrfTokens('another key').of(sessionId, false));
    }
  });
});

/** The socket's errors that say a server is out of reach (not there, not answering, gone). */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ECONNABORTED',
]);

/** Whether an error's code is one of the socket's for a server out of reach. */
export function isUnreachableSocketCode(code: unknown): boolean {
  return typeof code === 'string' && UNREACHABLE_SOCKET_CODES.has(code);
}

import {
  API_PREFIX,
  LIST_QUERY_PARAMS,
  METHOD_OVERRIDE_HEADER,
  ROOT_PATH_PREFIXES,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@cadenza/contracts/http-constants';
import { getActiveWorkspaceId } from './active-workspace';
import { ApiError, TIMEOUT_MESSAGE, type ApiErrorBody } from './api-error';
import { readCookie } from './cookies';
import { takePageAnswer } from './page-calls';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type ParamValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, ParamValue | readonly ParamValue[]>;

export interface RequestOptions {
  params?: QueryParams;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `json` (default) parses JSON answers and returns other text as it is. */
  responseType?: 'json' | 'text' | 'blob';
  /** How long the whole request may take, in milliseconds (default: {@link requestTimeout}). */
  timeoutMs?: number;
}

type BodylessOptions = Omit<RequestOptions, 'body'>;

const OVERRIDDEN_METHODS: readonly HttpMethod[] = ['PUT', 'PATCH', 'DELETE'];
const WORKSPACE_SCOPED_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT'];
const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** Spec section 8: a request unanswered this long fails with 'timeout exceeded'. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
let requestTimeout = DEFAULT_REQUEST_TIMEOUT_MS;

/** Sets how long a request may take (tests shorten it); the default is 30 seconds. */
export function setRequestTimeout(milliseconds: number = DEFAULT_REQUEST_TIMEOUT_MS): void {
  requestTimeout = milliseconds;
}

/**
 * Turns an API path into a URL: `users/me` → `/api/v1/users/me`, `auth/login` → `/auth/login`.
 * Absolute URLs and paths starting with `/` (the spec's `/save-emails.php`) are used as given.
 */
export function resolveApiPath(path: string): string {
  if (ABSOLUTE_URL.test(path) || path.startsWith('/')) return path;
  const firstSegment = path.split(/[/?#]/, 1)[0]!;
  const atRoot = (ROOT_PATH_PREFIXES as readonly string[]).includes(firstSegment);
  // Some spec paths already carry the prefix (`api/v1/logs/...`); never prefix twice.
  if (atRoot || path.startsWith(`${API_PREFIX.slice(1)}/`)) return `/${path}`;
  return `${API_PREFIX}/${path}`;
}

function buildUrl(path: string, params: QueryParams): string {
  const [base, existingQuery = ''] = resolveApiPath(path).split('?', 2) as [string, string?];
  const query = new URLSearchParams(existingQuery);
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      const items = value.filter((item) => item !== undefined && item !== null).map(String);
      if ((LIST_QUERY_PARAMS as readonly string[]).includes(key)) {
        if (items.length > 0) query.set(key, items.join(','));
      } else {
        items.forEach((item) => query.append(key, item));
      }
    } else if (value !== undefined && value !== null) {
      query.set(key, String(value));
    }
  }
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(response: Response, responseType: RequestOptions['responseType']) {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  if (text === '') return undefined;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return isJson ? JSON.parse(text) : text;
}

/**
 * What a POST to our server needs when it cannot go through `apiRequest` (an upload sent with
 * XMLHttpRequest for its progress events): the URL with the active workspace, and the
 * anti-forgery header.
 */
export function ownServerPost(path: string): { url: string; headers: Record<string, string> } {
  const workspaceId = getActiveWorkspaceId();
  const xsrfToken = readCookie(XSRF_COOKIE);
  return {
    url: buildUrl(path, workspaceId !== 0 ? { workspaceId } : {}),
    headers: { Accept: 'application/json', ...(xsrfToken ? { [XSRF_HEADER]: xsrfToken } : {}) },
  };
}

/**
 * The one HTTP client of the app (spec section 7, DESIGN.md §4). Resolves with the parsed
 * answer and rejects with an {@link ApiError}; an aborted request rejects with the abort error.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, signal, responseType = 'json', timeoutMs = requestTimeout } = options;
  const params: QueryParams = { ...options.params };
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };

  // The app's conventions are for our own server; another origin (a presigned storage URL)
  // gets the request exactly as written, and never sees our anti-forgery token.
  const ownServer = isSameOrigin(resolveApiPath(path));
  let sentMethod = method;
  if (ownServer) {
    const workspaceId = getActiveWorkspaceId();
    if (workspaceId !== 0 && WORKSPACE_SCOPED_METHODS.includes(method)) {
      params.workspaceId ??= workspaceId;
    }
    // Some hosts and proxies only pass GET and POST; the server routes the override instead.
    if (OVERRIDDEN_METHODS.includes(method)) {
      sentMethod = 'POST';
      headers[METHOD_OVERRIDE_HEADER] = method;
      params._method = method;
    }
    const xsrfToken = readCookie(XSRF_COOKIE);
    if (xsrfToken) headers[XSRF_HEADER] = xsrfToken;
  }
  const url = buildUrl(path, params);
  // A player page arrives with the answers to its first calls (see page-calls.ts).
  if (ownServer && method === 'GET' && responseType === 'json') {
    const answer = takePageAnswer(url);
    if (answer !== undefined) return answer as T;
  }

  let payload: BodyInit | undefined;
  if (body !== undefined && body !== null) {
    if (isRawBody(body)) {
      payload = body;
    } else {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }

  // A hanging request would otherwise spin forever: it is aborted after the timeout, or
  // when the caller aborts it.
  const controller = new AbortController();
  const abortWithCaller = () => controller.abort(signal?.reason);
  if (signal?.aborted) abortWithCaller();
  signal?.addEventListener('abort', abortWithCaller, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const failure = (error: unknown) => {
    if (timedOut) return new ApiError(0, null, TIMEOUT_MESSAGE, { cause: error });
    if (signal?.aborted) return error;
    return new ApiError(0, null, 'Network Error', { cause: error });
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: sentMethod,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error);
    }

    if (!response.ok) {
      const errorBody = parseJson(await response.text().catch(() => ''));
      if (timedOut) throw failure(undefined);
      throw new ApiError(response.status, isErrorBody(errorBody) ? errorBody : null);
    }
    try {
      return (await readBody(response, responseType)) as T;
    } catch (error) {
      // A body cut short by the timeout or the caller; a malformed one fails as it is.
      if (controller.signal.aborted) throw failure(error);
      throw error;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortWithCaller);
  }
}

export const apiClient = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

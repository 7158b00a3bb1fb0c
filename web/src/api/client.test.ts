import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveWorkspaceId } from './active-workspace';
import { ApiError } from './api-error';
import { apiClient, DEFAULT_REQUEST_TIMEOUT_MS, resolveApiPath, setRequestTimeout } from './client';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** What the client handed to fetch for its only call. */
function sentRequest() {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [input, init = {}] = fetchMock.mock.calls[0]!;
  const url = new URL(String(input), window.location.href);
  return { url, init, headers: new Headers(init.headers) };
}

function clearCookies() {
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  }
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe('paths', () => {
  it.each([
    ['users/me', '/api/v1/users/me'],
    ['auth/login', '/auth/login'],
    ['secure/auth/social/connect', '/secure/auth/social/connect'],
    ['log-viewer/logs', '/log-viewer/logs'],
    ['horizon/api/stats', '/horizon/api/stats'],
    ['authors', '/api/v1/authors'],
    ['api/v1/logs/error/download-latest', '/api/v1/logs/error/download-latest'],
    ['/save-emails.php', '/save-emails.php'],
    ['https://cdn.example.com/file.mp3', 'https://cdn.example.com/file.mp3'],
  ])('sends %s to %s', async (path, expected) => {
    expect(resolveApiPath(path)).toBe(expected);
    await apiClient.get(path);
    const { url } = sentRequest();
    expect(url.href).toBe(new URL(expected, window.location.href).href);
  });
});

describe('query parameters', () => {
  it('comma-joins with, load and loadCount and keeps other params', async () => {
    await apiClient.get('users/me', {
      params: {
        with: ['roles', 'social_profiles', 'tokens'],
        load: ['subscriptions'],
        loadCount: ['followers', 'tracks'],
        page: 2,
        query: undefined,
        ids: [1, 2],
      },
    });
    const { url } = sentRequest();
    expect(url.searchParams.get('with')).toBe('roles,social_profiles,tokens');
    expect(url.searchParams.get('load')).toBe('subscriptions');
    expect(url.searchParams.get('loadCount')).toBe('followers,tracks');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('query')).toBe(false);
    expect(url.searchParams.getAll('ids')).toEqual(['1', '2']);
  });
});

describe('active workspace', () => {
  it('adds nothing while the default workspace is active', async () => {
    await apiClient.get('notifications');
    expect(sentRequest().url.searchParams.has('workspaceId')).toBe(false);
  });

  it.each(['get', 'post', 'put'] as const)('adds workspaceId to %s', async (method) => {
    setActiveWorkspaceId(7);
    await apiClient[method]('playlists');
    expect(sentRequest().url.searchParams.get('workspaceId')).toBe('7');
  });

  it.each(['patch', 'delete'] as const)('does not add workspaceId to %s', async (method) => {
    setActiveWorkspaceId(7);
    await apiClient[method]('playlists/1');
    expect(sentRequest().url.searchParams.has('workspaceId')).toBe(false);
  });

  it('keeps the choice for seven days on every path', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    setActiveWorkspaceId(3);
    expect(cookieSetter).toHaveBeenCalledWith(expect.stringContaining('activeWorkspaceId=3'));
    expect(cookieSetter).toHaveBeenCalledWith(expect.stringContaining('max-age=604800'));
    expect(cookieSetter).toHaveBeenCalledWith(expect.stringContaining('path=/'));
    cookieSetter.mockRestore();
  });
});

describe('method override', () => {
  it.each(['PUT', 'PATCH', 'DELETE'] as const)('sends %s as POST', async (method) => {
    await apiClient[method.toLowerCase() as 'put' | 'patch' | 'delete']('users/me');
    const { init, headers, url } = sentRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('X-HTTP-Method-Override')).toBe(method);
    expect(url.searchParams.get('_method')).toBe(method);
  });

  it('sends GET and POST as they are', async () => {
    await apiClient.post('contact-page', { name: 'Ada' });
    const { init, headers, url } = sentRequest();
    expect(init.method).toBe('POST');
    expect(headers.has('X-HTTP-Method-Override')).toBe(false);
    expect(url.searchParams.has('_method')).toBe(false);
  });

  it('leaves requests to another origin untouched', async () => {
    setActiveWorkspaceId(7);
    await apiClient.put('https://bucket.example.com/upload?signature=abc', new Blob(['x']));
    const { init, headers, url } = sentRequest();
    expect(init.method).toBe('PUT');
    expect(headers.has('X-HTTP-Method-Override')).toBe(false);
    expect(url.search).toBe('?signature=abc');
  });
});

describe('anti-forgery token', () => {
  it('echoes the XSRF-TOKEN cookie on same-origin requests', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
    await apiClient.post('auth/login', { email: 'a@b.c', password: 'x' });
    expect(sentRequest().headers.get('X-XSRF-TOKEN')).toBe('abc==');
  });

  it('never sends the token to another origin', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    await apiClient.get('https://elsewhere.example.com/data');
    expect(sentRequest().headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('bodies and answers', () => {
  it('sends cookies and JSON, and parses JSON answers', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ user: { id: 1 } }));
    const answer = await apiClient.post<{ user: { id: number } }>('users/me', {
      first_name: 'Ada',
    });
    const { init, headers } = sentRequest();
    expect(answer).toEqual({ user: { id: 1 } });
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"first_name":"Ada"}');
  });

  it('sends FormData as it is, letting the browser set the boundary', async () => {
    const form = new FormData();
    form.append('file', new Blob(['img']), 'avatar.png');
    await apiClient.post('users/1/avatar', form);
    const { init, headers } = sentRequest();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('resolves with undefined for an empty answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiClient.delete('access-tokens/1')).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it('throws an ApiError with the status, body and field messages', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          message: 'The given data was invalid.',
          errors: { email: ['The email has already been taken.', 'Second'], phone: 'Too short.' },
        },
        422,
      ),
    );
    const error = await apiClient.post('auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('The given data was invalid.');
    expect(apiError.fieldError('email')).toBe('The email has already been taken.');
    expect(apiError.fieldError('phone')).toBe('Too short.');
    expect(apiError.fieldError('password')).toBeUndefined();
    expect(apiError.fieldErrors).toEqual({
      email: 'The email has already been taken.',
      phone: 'Too short.',
    });
    expect(apiError.hasFieldErrors).toBe(true);
  });

  it('throws an ApiError without a body when the answer is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = (await apiClient.get('users/me').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.serverMessage).toBeUndefined();
    expect(error.hasFieldErrors).toBe(false);
  });

  it('recognises a debug trace', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Boom', ignitionTrace: true, exception: 'Error', trace: [] }, 500),
    );
    const error = (await apiClient.get('users/me').catch((e: unknown) => e)) as ApiError;
    expect(error.isDebugError).toBe(true);
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await apiClient.get('users/me').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network Error');
  });

  it('lets an abort through as it is', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockImplementationOnce(async () => {
      controller.abort();
      throw abort;
    });
    await expect(apiClient.get('users/me', { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('timeout', () => {
  /** A server that never answers: the request ends only when it is aborted. */
  function hangingFetch() {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
  }

  afterEach(() => {
    vi.useRealTimers();
    setRequestTimeout();
  });

  it('gives up on a request unanswered after 30 seconds with "timeout exceeded"', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const outcome = apiClient.get('users/me').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe('timeout exceeded');
    expect(error.isTimeout).toBe(true);
  });

  it('takes a shorter timeout set for the client or for one request', async () => {
    hangingFetch();
    setRequestTimeout(20);
    await expect(apiClient.get('users/me')).rejects.toThrow('timeout exceeded');
    setRequestTimeout();
    await expect(apiClient.get('users/me', { timeoutMs: 10 })).rejects.toThrow('timeout exceeded');
  });

  it('leaves a request answered in time alone', async () => {
    vi.useFakeTimers();
    const outcome = apiClient.get('users/me');
    await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS * 2);
    await expect(outcome).resolves.toEqual({ ok: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still lets the caller abort a request', async () => {
    hangingFetch();
    const controller = new AbortController();
    const outcome = apiClient.get('users/me', { signal: controller.signal });
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    controller.abort(abort);
    await expect(outcome).rejects.toBe(abort);
  });
});

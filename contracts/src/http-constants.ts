// The HTTP contract's names, without schemas: the web app's first page needs these, not zod.

/** Paths served at the root instead of under `/api/v1/` (spec section 7). */
export const ROOT_PATH_PREFIXES = ['auth', 'secure', 'log-viewer', 'horizon'] as const;

export const API_PREFIX = '/api/v1';

/** Query parameters that arrive comma-joined (`with=roles,permissions`). */
export const LIST_QUERY_PARAMS = ['with', 'load', 'loadCount'] as const;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
export const WORKSPACE_COOKIE = 'activeWorkspaceId';
export const DEFAULT_WORKSPACE_ID = 0;

/** The action of an error for something a plan allows: it leads to the plans. */
export const UPGRADE_ACTION = { label: 'See plans', action: '/pricing' } as const;

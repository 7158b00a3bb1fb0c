import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Navigate,
  useLocation,
  useNavigate,
  useRouteError,
} from 'react-router';
import { ApiError } from '../api/api-error';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PageLoadError } from './page-load-error';

function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return undefined;
}

/** Browsers and the router both remember a failed chunk import; only a reload fetches it again. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|module script failed|importing a module/i.test(error.message)
  );
}

/**
 * What a route shows when its screen or data fails to load (spec section 2): unauthenticated
 * or forbidden answers send the visitor to log in, a missing one is the not-found page, and
 * anything else offers a retry.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = statusOf(error);
  if (status === 401 || status === 403) return <Navigate to="/login" replace />;
  if (status === 404) return <NotFoundPage />;
  return <RetryableError error={error} />;
}

function RetryableError({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    console.error(error);
  }, [error]);

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    // Navigating to the same address runs its loaders again and resets the error.
    void navigate(`${pathname}${search}${hash}`, { replace: true });
  };

  return <PageLoadError onRetry={retry} />;
}

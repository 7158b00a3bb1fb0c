import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { data, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { RouteErrorBoundary } from './route-error-boundary';
import { makeBootstrap } from './testing/bootstrap-factory';
import { renderRoute } from './testing/render-route';

/** A screen whose loader fails with `error` as long as `failing()` says so. */
function routesFailingWith(error: unknown, failing: () => boolean = () => true): RouteObject[] {
  return [
    {
      path: '/',
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => null,
      children: [
        {
          path: 'albums',
          loader: () => {
            if (failing()) throw error;
            return null;
          },
          Component: () => <h1>Albums</h1>,
        },
        { path: 'login', Component: () => <h1>Login</h1> },
      ],
    },
  ];
}

beforeEach(() => {
  // The boundary logs unexpected failures for developers; keep test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it('explains a failed page load and offers a retry', async () => {
    let failing = true;
    renderRoute(
      '/albums',
      makeBootstrap(),
      routesFailingWith(new ApiError(500, null), () => failing),
    );

    expect(
      await screen.findByRole('heading', { name: 'There was an issue loading this page' }),
    ).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Albums' })).toBeTruthy();
  });

  it('retries a screen that failed while rendering', async () => {
    let failing = true;
    function Albums() {
      if (failing) throw new Error('render failed');
      return <h1>Albums</h1>;
    }
    const routes: RouteObject[] = [
      {
        path: '/',
        ErrorBoundary: RouteErrorBoundary,
        children: [{ path: 'albums', Component: Albums }],
      },
    ];
    renderRoute('/albums', makeBootstrap(), routes);
    expect(screen.getByText('Please try again later')).toBeTruthy();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Albums' })).toBeTruthy();
  });

  it('treats a failure that is not an HTTP answer the same way', async () => {
    renderRoute('/albums', makeBootstrap(), routesFailingWith(new Error('boom')));
    expect(
      await screen.findByRole('heading', { name: 'There was an issue loading this page' }),
    ).toBeTruthy();
  });

  it.each([401, 403])('sends the visitor to /login on a %i', async (status) => {
    const { router } = renderRoute(
      '/albums',
      makeBootstrap(),
      routesFailingWith(new ApiError(status, { message: 'Unauthenticated.' })),
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['an API 404', new ApiError(404, { message: 'Not found' })],
    ['a thrown 404 response', data(null, { status: 404 })],
  ])('shows the not-found page for %s', async (_name, error) => {
    const { router } = renderRoute('/albums', makeBootstrap(), routesFailingWith(error));
    expect(
      await screen.findByRole('heading', {
        name: "Looks like you've found the doorway to the great nothing",
      }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/albums');
  });
});

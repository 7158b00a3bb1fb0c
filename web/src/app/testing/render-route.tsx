import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setBootstrapData } from '../../api/bootstrap';
import { Providers } from '../providers';
import { routes as appRoutes } from '../router';

/** Renders the app's route table (or the given one) at a path, as a visitor with this data. */
export function renderRoute(path: string, data: BootstrapData, routes: RouteObject[] = appRoutes) {
  setBootstrapData(data);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

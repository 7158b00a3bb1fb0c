import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { useLocation, type RouteObject } from 'react-router';
import { queryClient } from '../../../../../api/query-client';
import { makeBootstrap } from '../../../../../app/testing/bootstrap-factory';
import { renderRoute } from '../../../../../app/testing/render-route';

/** Stands for every other screen: says where the app went. */
function Elsewhere() {
  const location = useLocation();
  return <h1>{`Elsewhere: ${location.pathname}`}</h1>;
}

/** Renders one player screen at `path` (matching `pattern`), as a guest by default. */
export function renderPlayerScreen(
  pattern: string,
  path: string,
  Component: () => React.ReactNode,
  data: BootstrapData = makeBootstrap(),
) {
  queryClient.clear();
  const routes: RouteObject[] = [
    { path: pattern, Component },
    { path: '*', Component: Elsewhere },
  ];
  return renderRoute(path, data, routes);
}

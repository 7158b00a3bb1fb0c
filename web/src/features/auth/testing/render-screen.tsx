import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { useLocation, type RouteObject } from 'react-router';
import { queryClient } from '../../../api/query-client';
import { renderRoute } from '../../../app/testing/render-route';
import { clearToasts, getToasts } from '../../../ui/toast/toast-store';

/** Stands for every other screen: says where the app went. */
function Elsewhere() {
  const location = useLocation();
  return <h1>{`Elsewhere: ${location.pathname}${location.search}`}</h1>;
}

/** Renders one screen at `path` (matching `pattern`) as a visitor with this bootstrap data. */
export function renderScreen(
  pattern: string,
  path: string,
  Component: () => React.ReactNode,
  data: BootstrapData,
) {
  const routes: RouteObject[] = [
    { path: pattern, Component },
    { path: '*', Component: Elsewhere },
  ];
  return renderRoute(path, data, routes);
}

/** The message of the toast on screen, if any. */
export function currentToast(): { message: string; type: string } | undefined {
  const [toast] = getToasts();
  return toast && { message: toast.message, type: toast.type };
}

export function resetScreenState() {
  queryClient.clear();
  clearToasts();
}

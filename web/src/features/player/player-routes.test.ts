import path from 'node:path';
import { firstScriptsOf, PLAYER_LAYOUT_MODULE } from '@cadenza/contracts/page-scripts';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { playerRoutes } from './player-routes';

const webRoot = path.resolve(import.meta.dirname, '../../..');
/** The exports of a module named as the build's manifest names it. */
const exportsOf = (module: string) =>
  import(/* @vite-ignore */ path.join(webRoot, module)) as Promise<Record<string, unknown>>;

/** What a route's lazy loader gives as its screen. */
async function componentOf(route: { lazy?: unknown }) {
  const load = route.lazy as () => Promise<{ Component: unknown }>;
  return (await load()).Component;
}

/** The player's layout route, found in the app's route table. */
function playerLayoutRoute() {
  const search = (list: typeof routes): (typeof routes)[number] | undefined => {
    for (const route of list) {
      if (route.id === 'player') return route;
      const found = search(route.children ?? []);
      if (found) return found;
    }
  };
  return search(routes)!;
}

// The server has the browser fetch these modules with the app's entry: a screen moved or
// renamed without them would leave a page fetching code it never runs, and its own late.
describe("a player page's first code, as the server names it", () => {
  it('is the module the router loads the player layout from', async () => {
    const layout = await componentOf(playerLayoutRoute());
    expect(Object.values(await exportsOf(PLAYER_LAYOUT_MODULE))).toContain(layout);
  });

  it("is, for every screen's path, the module its route loads the screen from", async () => {
    const screens = playerRoutes.filter((route) => route.lazy);
    expect(screens.length).toBeGreaterThan(10);
    for (const route of screens) {
      const pathname = `/${route.path!.replace(/:\w+/g, '1')}`;
      const [layout, screen] = firstScriptsOf(pathname);
      expect(layout, pathname).toBe(PLAYER_LAYOUT_MODULE);
      expect(screen, pathname).toBeDefined();
      expect(Object.values(await exportsOf(screen!)), pathname).toContain(await componentOf(route));
    }
  });

  it('is nothing for pages that are not the player’s', () => {
    for (const pathname of ['/', '/login', '/admin/users', '/pricing', '/constructor']) {
      expect(firstScriptsOf(pathname), pathname).toEqual([]);
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';

/** Draws the markup of the page at `url` for the visitor `data` describes. */
export type PrerenderPage = (data: BootstrapData, url: string) => Promise<string>;

/**
 * The web app's own drawing of a page (`web/src/prerender.tsx`, built into `dist-ssr` beside
 * the app), or undefined when it has not been built: pages are then drawn by their scripts alone.
 */
export async function loadPrerender(webDist: string): Promise<PrerenderPage | undefined> {
  const file = path.join(webDist, '..', 'dist-ssr', 'prerender.js');
  if (!fs.existsSync(file)) return undefined;
  const built = (await import(pathToFileURL(file).href)) as { prerenderPage?: PrerenderPage };
  return built.prerenderPage;
}

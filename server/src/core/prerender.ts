import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';

/** Draws the markup of the page at `url` for the visitor `data` describes. */
export type PrerenderPage = (data: BootstrapData, url: string) => Promise<string>;

/**
 * The web app's own drawing of a page (`web/src/prerender.tsx`, built into `dist-ssr` beside
 * the app), or undefined when it has not been built: pages are then drawn by their scripts
 * alone. The drawing code (React's server renderer and the app's screens) is loaded on the
 * first page it draws, so a server nobody visits does not hold it in memory.
 */
export function prerenderFrom(webDist: string): PrerenderPage | undefined {
  const file = path.join(webDist, '..', 'dist-ssr', 'prerender.js');
  if (!fs.existsSync(file)) return undefined;
  let built: Promise<{ prerenderPage: PrerenderPage }> | undefined;
  return async (data, url) => {
    built ??= import(pathToFileURL(file).href) as Promise<{ prerenderPage: PrerenderPage }>;
    return (await built).prerenderPage(data, url);
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { startAfterFirstPaint } from './html.js';

/** The landing page a guest first gets: drawn here, brought to life by its own script. */
export interface LandingPage {
  /** The page template with the landing page's own script, started after the first paint. */
  template: string;
  /** Draws the landing page's markup for the visitor `data` describes. */
  draw: (data: BootstrapData) => Promise<string>;
}

/**
 * The web app's landing page (`web/src/landing.tsx`, built on its own beside the app, with its
 * drawing `web/src/prerender.tsx` in `dist-ssr`), or undefined when either was not built: the
 * page is then drawn by the app's scripts, as every other page. The drawing code (React's server
 * renderer and the page's components) is loaded on the first page it draws, so a server nobody
 * visits does not hold it in memory.
 */
export function landingPageFrom(webDist: string, template: string): LandingPage | undefined {
  const drawing = path.join(webDist, '..', 'dist-ssr', 'prerender.js');
  const manifest = path.join(webDist, '.vite', 'landing-manifest.json');
  if (!fs.existsSync(drawing) || !fs.existsSync(manifest)) return undefined;
  const entries = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, { file: string }>;
  const entry = entries['src/landing.tsx'];
  if (!entry) return undefined;
  let built: Promise<{ prerenderLanding: (data: BootstrapData) => string }> | undefined;
  return {
    template: startAfterFirstPaint(template, `/${entry.file}`),
    async draw(data) {
      built ??= import(pathToFileURL(drawing).href) as NonNullable<typeof built>;
      return (await built).prerenderLanding(data);
    },
  };
}

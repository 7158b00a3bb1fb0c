import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { entryScriptOf, startAfterFirstPaint } from './html.js';

/** The web app's drawing code (`web/src/prerender.tsx`, built into `dist-ssr`). */
interface Drawing {
  prerenderLanding: (data: BootstrapData) => string;
  prerenderPlayerPage: (
    data: BootstrapData,
    url: URL,
    answers: Record<string, unknown>,
  ) => Promise<string>;
}

/**
 * Loads the web app's drawing code, or undefined when it was not built. It is loaded on the
 * first page it draws, so a server nobody visits does not hold React's server renderer and the
 * pages' components in memory.
 */
function drawingFrom(webDist: string): (() => Promise<Drawing>) | undefined {
  const drawing = path.join(webDist, '..', 'dist-ssr', 'prerender.js');
  if (!fs.existsSync(drawing)) return undefined;
  let built: Promise<Drawing> | undefined;
  return () => (built ??= import(pathToFileURL(drawing).href) as Promise<Drawing>);
}

/** The landing page a guest first gets: drawn here, brought to life by its own script. */
export interface LandingPage {
  /** The page template with the landing page's own script, started after the first paint. */
  template: string;
  /** Draws the landing page's markup for the visitor `data` describes. */
  draw: (data: BootstrapData) => Promise<string>;
}

/**
 * The web app's landing page (`web/src/landing.tsx`, built on its own beside the app), or
 * undefined when it or the drawing code was not built: the page is then drawn by the app's
 * scripts, as every other page.
 */
export function landingPageFrom(webDist: string, template: string): LandingPage | undefined {
  const load = drawingFrom(webDist);
  const manifest = path.join(webDist, '.vite', 'landing-manifest.json');
  if (!load || !fs.existsSync(manifest)) return undefined;
  const entries = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, { file: string }>;
  const entry = entries['src/landing.tsx'];
  if (!entry) return undefined;
  return {
    template: startAfterFirstPaint(template, `/${entry.file}`),
    draw: async (data) => (await load()).prerenderLanding(data),
  };
}

/** The player's pages guests get drawn (`isDrawnForGuests`), taken over by the app's scripts. */
export interface PlayerPages {
  /** The page template with the app's script started after the first paint (as the landing's). */
  template: string;
  /**
   * Draws a page's markup for the guest `data` describes, from the answers to the page's first
   * calls by URL; '' for a page it leaves to the browser.
   */
  draw: Drawing['prerenderPlayerPage'];
}

/** The player's pages drawn for guests; undefined when the app or its drawing code is not built. */
export function playerPagesFrom(webDist: string, template: string): PlayerPages | undefined {
  const load = drawingFrom(webDist);
  const entry = entryScriptOf(template);
  if (!load || !entry) return undefined;
  return {
    // Their counts, dates and lengths are formatted as the app takes them over.
    template: startAfterFirstPaint(template, entry, { warmUpLocaleData: true }),
    draw: async (data, url, answers) => (await load()).prerenderPlayerPage(data, url, answers),
  };
}

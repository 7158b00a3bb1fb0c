// The browser's side: how much JavaScript the landing page loads before it can draw, and
// Lighthouse's performance score (mobile emulation, its default throttling) for the landing page,
// discover and an artist page, in Debian's Chromium.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../e2e/src/chromium-flags.js';
import { note, printGoals, startApp, type GoalRow } from './http.js';

const dist = path.resolve(import.meta.dirname, '../../web/dist');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The gzipped JavaScript a first visit to a page runs: `entry` of a build's manifest (the app's
 * `manifest.json`, or the landing page's own) with everything it imports, and the screens the
 * router loads for the page (`modules`, as the manifest names them) with everything those import.
 */
export function pageJavaScript(
  manifestFile: string,
  entry: string,
  ...modules: string[]
): { bytes: number; files: number } {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite', manifestFile), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(add);
  };
  add(entry);
  modules.forEach(add);
  let bytes = 0;
  for (const file of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
  return { bytes, files: files.size };
}

/** The landing page's entry; its shell controls follow after it has come to life. */
const landingJavaScript = () => pageJavaScript('landing-manifest.json', 'src/landing.tsx');
const appJavaScript = (...modules: string[]) =>
  pageJavaScript('manifest.json', 'index.html', ...modules);

const kilobytes = (bytes: number) => Math.round(bytes / 1024);

/** Lighthouse runs of each page; its score moves by ten points from one run to the next. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

/**
 * One Lighthouse run: the score, with the paints behind it and how fast Lighthouse found this
 * machine's CPU. A run whose trace Lighthouse could not read (now and then, NO_NAVSTART) is run
 * again, twice at most.
 */
async function lighthouseRun(url: string, port: number) {
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, {
      port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    });
    lhr = result!.lhr;
    if (!lhr.runtimeError) break;
    note(`Lighthouse on ${url}, run ${attempt}: ${lhr.runtimeError.code}`);
  }
  lhr = lhr!;
  const shown = (audit: string) => lhr.audits[audit]?.displayValue ?? '?';
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    detail: `FCP ${shown('first-contentful-paint')}, LCP ${shown('largest-contentful-paint')}, TBT ${shown('total-blocking-time')}, CPU index ${lhr.environment.benchmarkIndex}`,
  };
}

/**
 * The median of LIGHTHOUSE_RUNS runs (as Lighthouse's own documentation advises), with the
 * median run's paints and every run's score.
 */
async function performanceOf(url: string, port: number) {
  const runs = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await lighthouseRun(url, port));
  const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
  return {
    score: median.score,
    detail: `median of ${runs.length} runs (${runs.map((run) => run.score).join(', ')}): ${median.detail}`,
  };
}

async function main(): Promise<void> {
  const js = landingJavaScript();
  // What the page loads once it has come to life: the shell's menus, tray and tooltips.
  const withControls = pageJavaScript(
    'landing-manifest.json',
    'src/landing.tsx',
    'src/features/shell/all-shell-controls.ts',
  );
  const rows: GoalRow[] = [
    {
      name: 'landing page JavaScript, KB gzip',
      figure: kilobytes(js.bytes),
      goal: '< 150',
      met: js.bytes < 150 * 1024,
      detail: `${js.files} files; then ${kilobytes(withControls.bytes - js.bytes)} KB of the shell's controls`,
    },
  ];

  if (fs.existsSync(CHROMIUM)) {
    const app = await startApp({ SEED_DEMO: 'true' });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROMIUM_FLAGS,
    });
    try {
      const { artists } = (await (await fetch(`${app.url}/api/v1/landing/artists`)).json()) as {
        artists: { id: number }[];
      };
      const player = 'src/features/player/web-player.tsx';
      const screen = (name: string) => `src/features/player/screens/${name}/${name}-screen.tsx`;
      // Each page once before it is measured, with its pictures: a page is drawn on its first
      // request, and a picture's copy at a width made on its first (then kept), as on a site
      // that has had visitors.
      for (const pathname of ['/', '/discover', `/artist/${artists[0]?.id ?? 1}`]) {
        const page = await (await fetch(app.url + pathname)).text();
        for (const picture of new Set(page.match(/\/storage\/[^"'\s,]+/g))) {
          await (await fetch(app.url + picture.replaceAll('&amp;', '&'))).arrayBuffer();
        }
      }
      for (const [name, pathname, goal, javaScript] of [
        ['Lighthouse performance, landing page', '/', 95, landingJavaScript],
        [
          'Lighthouse performance, discover',
          '/discover',
          90,
          () => appJavaScript(player, screen('discover')),
        ],
        [
          'Lighthouse performance, artist page',
          `/artist/${artists[0]?.id ?? 1}`,
          90,
          () => appJavaScript(player, screen('artist')),
        ],
      ] as const) {
        const { score, detail } = await performanceOf(app.url + pathname, chrome.port);
        const pageJs = kilobytes(javaScript().bytes);
        rows.push({
          name,
          figure: score,
          goal: `>= ${goal}`,
          met: score >= goal,
          detail: `${detail}, JavaScript ${pageJs} KB gzip`,
        });
      }
    } finally {
      chrome.kill();
      await app.stop();
    }
  } else {
    note(`Chromium is not at ${CHROMIUM} (CHROME_PATH): Lighthouse skipped.`);
  }

  printGoals(rows, 'The browser: first-page JavaScript and Lighthouse (mobile emulation)');
}

await main();

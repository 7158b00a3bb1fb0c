// The browser's side: how much JavaScript the landing page loads before it can draw, and
// Lighthouse's performance score (mobile emulation, its default throttling) for the landing page,
// discover and an artist page, in Debian's Chromium. Each score has its baseline beside it: the
// same page with its script blocked, as the server drew it. Then the same pages as a slower
// machine scores them: Lighthouse's CPU slowdown set, run by run, from this machine's CPU index.
import fs from 'node:fs';
import os from 'node:os';
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
  const manifest = readManifest(manifestFile);
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

function readManifest(manifestFile: string): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite', manifestFile), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/** The file of a build's entry script, as the page asks for it. */
function entryFile(manifestFile: string, entry: string): string {
  return `/${readManifest(manifestFile)[entry]!.file}`;
}

/** The landing page's entry; its shell controls follow after it has come to life. */
const landingJavaScript = () => pageJavaScript('landing-manifest.json', 'src/landing.tsx');
const appJavaScript = (...modules: string[]) =>
  pageJavaScript('manifest.json', 'index.html', ...modules);

const kilobytes = (bytes: number) => Math.round(bytes / 1024);

/** Lighthouse runs of each page; its score moves by ten points from one run to the next. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
/** Runs of each page with its script blocked: the baseline beside each score. */
const DRAWN_ONLY_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_DRAWN_RUNS ?? 3));

/**
 * The CPU index (Lighthouse's benchmarkIndex) of the slower machines the pages must score 90 on
 * too: Lighthouse's fixed fourfold slowdown there stands for a phone of a quarter of it.
 */
const SLOWER_MACHINE_INDEX = Number(process.env.BENCH_LIGHTHOUSE_SLOWER_INDEX ?? 1700);
/** Lighthouse's own CPU slowdown, the one its mobile settings apply on any machine. */
const DEFAULT_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes this machine (`benchmarkIndex`, as Lighthouse rated it) stand for
 * the phone Lighthouse's default stands for on a machine of `slowerIndex`: that phone is the
 * machine's index over the slowdown, so the slowdown is in proportion to this machine's index,
 * as Lighthouse's throttling documentation calibrates it (below four on a machine slower than
 * `slowerIndex`, or one that is busy).
 */
export function slowerMachineSlowdown(benchmarkIndex: number, slowerIndex: number): number {
  return Math.round(((DEFAULT_SLOWDOWN * benchmarkIndex) / slowerIndex) * 100) / 100;
}

/** Lighthouse's settings for a run, `blocked`: a script the page is loaded without. */
const runFlags = (port: number, blocked?: string) => ({
  port,
  onlyCategories: ['performance'],
  blockedUrlPatterns: blocked ? [`*${blocked}`] : [],
  logLevel: 'error' as const,
  output: 'json' as const,
});

/**
 * A run as a machine of `slowerIndex` would score it: the page is loaded (unthrottled, as
 * Lighthouse's simulation loads it), the CPU index Lighthouse measured just before sets the
 * slowdown, and the same load is scored with it. Each run is calibrated to the index of its own
 * moment, so a machine that other work slows down from one minute to the next scores the same.
 */
async function calibratedRun(url: string, port: number, slowerIndex: number, blocked?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-lighthouse-'));
  try {
    await lighthouse(url, { ...runFlags(port, blocked), gatherMode: dir });
    const file = path.join(dir, 'artifacts.json');
    const artifacts = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    const slowdown = slowerMachineSlowdown(artifacts.BenchmarkIndex, slowerIndex);
    // The slowdown is applied when the load is scored, not while it is made: the saved settings
    // say so, for Lighthouse checks that a run is scored with the settings it was made with.
    artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown;
    fs.writeFileSync(file, JSON.stringify(artifacts));
    const throttling = { cpuSlowdownMultiplier: slowdown };
    const result = await lighthouse(undefined, {
      ...runFlags(port, blocked),
      auditMode: dir,
      throttling,
    });
    return { lhr: result!.lhr, slowdown };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One Lighthouse run: the score, with the paints behind it and how fast Lighthouse found this
 * machine's CPU. A run whose trace Lighthouse could not read (now and then, NO_NAVSTART) is run
 * again, twice at most. `blocked`: a script the page is loaded without; `slowerIndex`: the CPU
 * index of the machine to score it as (see `calibratedRun`), else Lighthouse's own settings.
 */
async function lighthouseRun(url: string, port: number, blocked?: string, slowerIndex?: number) {
  let lhr;
  let slowdown = DEFAULT_SLOWDOWN;
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (slowerIndex) {
      ({ lhr, slowdown } = await calibratedRun(url, port, slowerIndex, blocked));
    } else {
      lhr = (await lighthouse(url, runFlags(port, blocked)))!.lhr;
    }
    if (!lhr.runtimeError) break;
    note(`Lighthouse on ${url}, run ${attempt}: ${lhr.runtimeError.code}`);
  }
  lhr = lhr!;
  const shown = (audit: string) => lhr.audits[audit]?.displayValue ?? '?';
  const index = Math.round(lhr.environment.benchmarkIndex);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    blockingTime: shown('total-blocking-time'),
    detail: `FCP ${shown('first-contentful-paint')}, LCP ${shown('largest-contentful-paint')}, TBT ${shown('total-blocking-time')}, CLS ${shown('cumulative-layout-shift')}, CPU index ${index}${slowerIndex ? ` (slowdown ${slowdown}x)` : ''}`,
  };
}

/** The median of `count` runs (as Lighthouse's own documentation advises) and every run's score. */
async function medianRun(
  count: number,
  url: string,
  port: number,
  blocked?: string,
  slowdown?: number,
) {
  const runs = [];
  for (let run = 0; run < count; run++)
    runs.push(await lighthouseRun(url, port, blocked, slowdown));
  const middle = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
  return { ...middle, scores: runs.map((run) => run.score).join(', ') };
}

/**
 * A page's score, the median of LIGHTHOUSE_RUNS runs with the paints behind it; beside it, the
 * same page with its script blocked: the page as the server drew it, whose parsing, layout and
 * paint the app's code cannot make faster. What the score loses below that is the app's code.
 */
async function performanceOf(url: string, port: number, script: string, slowerIndex?: number) {
  const page = await medianRun(LIGHTHOUSE_RUNS, url, port, undefined, slowerIndex);
  const drawn = await medianRun(DRAWN_ONLY_RUNS, url, port, script, slowerIndex);
  return {
    score: page.score,
    detail: `median of ${LIGHTHOUSE_RUNS} runs (${page.scores}): ${page.detail}`,
    drawnOnly: `its script blocked, ${drawn.score} (${drawn.scores}; TBT ${drawn.blockingTime})`,
  };
}

/** The browser's own version (the user agent's is reduced to its major version). */
async function chromiumVersion(port: number): Promise<string> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    Browser: string;
  };
  return version.Browser;
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

  let title = 'The browser: first-page JavaScript and Lighthouse (mobile emulation)';
  if (fs.existsSync(CHROMIUM)) {
    const app = await startApp({ SEED_DEMO: 'true' });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROMIUM_FLAGS,
    });
    try {
      title += `, ${await chromiumVersion(chrome.port)}`;
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
      const landingEntry = entryFile('landing-manifest.json', 'src/landing.tsx');
      const appEntry = entryFile('manifest.json', 'index.html');
      const pages = [
        ['landing page', '/', 95, landingJavaScript, landingEntry],
        ['discover', '/discover', 90, () => appJavaScript(player, screen('discover')), appEntry],
        [
          'artist page',
          `/artist/${artists[0]?.id ?? 1}`,
          90,
          () => appJavaScript(player, screen('artist')),
          appEntry,
        ],
      ] as const;
      const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
      const measured = pages.filter(([name]) => !only || only.some((page) => name.includes(page)));
      if (process.env.BENCH_LIGHTHOUSE_SLOWER_ONLY !== '1') {
        for (const [name, pathname, goal, javaScript, script] of measured) {
          const { score, detail, drawnOnly } = await performanceOf(
            app.url + pathname,
            chrome.port,
            script,
          );
          const pageJs = kilobytes(javaScript().bytes);
          rows.push({
            name: `Lighthouse performance, ${name}`,
            figure: score,
            goal: `>= ${goal}`,
            met: score >= goal,
            detail: `${detail}, JavaScript ${pageJs} KB gzip; ${drawnOnly}`,
          });
        }
      }
      // The slower machines: every page to 90 there too.
      for (const [name, pathname, , , script] of measured) {
        const { score, detail, drawnOnly } = await performanceOf(
          app.url + pathname,
          chrome.port,
          script,
          SLOWER_MACHINE_INDEX,
        );
        rows.push({
          name: `Lighthouse, ${name}, CPU index ${SLOWER_MACHINE_INDEX}`,
          figure: score,
          goal: '>= 90',
          met: score >= 90,
          detail: `${detail}; ${drawnOnly}`,
        });
      }
    } finally {
      chrome.kill();
      await app.stop();
    }
  } else {
    note(`Chromium is not at ${CHROMIUM} (CHROME_PATH): Lighthouse skipped.`);
  }

  printGoals(rows, title);
}

await main();

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('../contracts/src', import.meta.url));

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli and a gzip copy beside each script and style of the build: the server sends
 * the copy the browser accepts as it is, so compression costs nothing per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const source = await fs.promises.readFile(full);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(source, { level: 9 }),
          ]);
          await fs.promises.writeFile(`${full}.br`, br);
          await fs.promises.writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

// `vite build --mode landing` builds the guest's landing page on its own (`src/landing.tsx`);
// the server reads its entry's file from this manifest.
const LANDING_MANIFEST = '.vite/landing-manifest.json';

export default defineConfig(({ isSsrBuild, mode }) => {
  const landing = mode === 'landing';
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    // The server's build (the prerendered landing page, `vite build --ssr`) is loaded by the
    // server only, and the landing page's build is written beside the app's: neither needs the
    // public files again.
    publicDir: isSsrBuild || landing ? false : 'public',
    plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
    resolve: {
      alias: [{ find: /^@cadenza\/contracts\/(.*)$/, replacement: `${contracts}/$1.ts` }],
    },
    // The manifest names each chunk's imports: the server finds the landing page's entry in its
    // own, and the benchmark sums what a first page loads.
    build: {
      outDir: 'dist',
      // The landing page's build comes after the app's, into the same folder.
      emptyOutDir: !landing,
      sourcemap: true,
      manifest: isSsrBuild ? false : landing ? LANDING_MANIFEST : true,
      // The app's first chunk is one file on purpose (see `codeSplitting` below): about 610 KB
      // minified, 190 KB compressed, what the first player page needs. The benchmark's browser
      // suite weighs it against its goal; this warning would only repeat it on every build.
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        // The server's build is one bundle the server loads at start: a dynamic import there
        // (the landing page's deferred shell controls, the router's lazy screens) splits nothing,
        // and is not meant to; in the browser's builds the warning still counts.
        onLog(level, log, handler) {
          if (isSsrBuild && log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
          handler(level, log);
        },
        // A build of its own, so that it carries only what the landing page uses of the libraries
        // the app shares (the router's links, say, not the whole router).
        ...(landing ? { input: fileURLToPath(new URL('src/landing.tsx', import.meta.url)) } : {}),
        // Everything the first page needs comes in one file: dozens of small shared chunks
        // would each cost a request before the page can draw. The icons the screens share come
        // as one file too, not one file each (a player page asked for 17 of them).
        output: {
          codeSplitting: {
            groups: [
              { name: landing ? 'landing' : 'app', tags: ['$initial'], priority: 2 },
              { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
    server: {
      // In development the API runs on its own port; the app is served by Vite.
      proxy: { '^/(api|auth|secure|log-viewer)(/|$)': 'http://127.0.0.1:3000' },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test-setup.ts'],
      // Each file still gets a fresh global context and module registry, but in a worker that is
      // kept: a new process and jsdom per file took about 1.8 s of the 2 s a file costs.
      pool: 'vmForks',
      // A form filled step by step takes 2–3 s in jsdom on a quiet 2-core machine; the default
      // 5 s failed such a test once while a build ran beside the suite.
      testTimeout: 15_000,
    },
  };
});

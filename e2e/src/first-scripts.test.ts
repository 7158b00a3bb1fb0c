import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(import.meta.dirname, '../../web/dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The files a build's entry loads before anything can draw: the entry and its static imports. */
function firstScripts(manifestName: string, entry: string): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(DIST, '.vite', manifestName), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entry);
  return [...files].map((file) => fs.readFileSync(path.join(DIST, file), 'utf8'));
}

// Zod names its internals `_zod` on every schema, a name no minifier changes.
const carriesZod = (script: string) => script.includes('._zod');

describe('the scripts a first page loads', () => {
  it('carry no schema library: the landing page’s, in under 150 KB compressed, and the app’s', () => {
    const landing = firstScripts('landing-manifest.json', 'src/landing.tsx');
    expect(landing.some(carriesZod)).toBe(false);
    const compressed = landing.reduce(
      (sum, script) => sum + zlib.gzipSync(script, { level: 9 }).length,
      0,
    );
    expect(compressed).toBeLessThan(150_000);

    const app = firstScripts('manifest.json', 'index.html');
    expect(app.some(carriesZod)).toBe(false);
  });
});

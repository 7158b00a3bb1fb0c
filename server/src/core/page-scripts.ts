import fs from 'node:fs';
import path from 'node:path';
import { firstScriptsOf } from '@cadenza/contracts/page-scripts';
import { escapeHtml } from './html.js';

/** A chunk of the web build's manifest: its file and the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The `modulepreload` links of a page's first code (see `firstScriptsOf`), read from the web
 * build's manifest: the files of the player's layout and the page's screen with everything they
 * import, less what the app's entry imports (the built page preloads those already). Without
 * them the browser asks for the screen's code only once the entry has been fetched and run.
 * They come at low priority, after the entry and the styles, which run first whatever happens
 * (Lighthouse's simulation also counts a preload of high priority as blocking the first paint).
 * Nothing when the app has not been built or the page is not the player's.
 */
export function modulePreloadsFrom(webDist: string): (pathname: string) => string {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const addFiles = (key: string, files: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) addFiles(imported, files);
  };
  const entryFiles = new Set<string>();
  addFiles('index.html', entryFiles);

  // A few screens, so a few lists of links: each made once.
  const linksByScripts = new Map<string, string>();
  return (pathname) => {
    const modules = firstScriptsOf(pathname);
    const key = modules.join('\n');
    let links = linksByScripts.get(key);
    if (links === undefined) {
      const files = new Set<string>();
      for (const module of modules) addFiles(module, files);
      links = [...files]
        .filter((file) => !entryFiles.has(file))
        .map(
          (file) =>
            `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(file)}">`,
        )
        .join('\n    ');
      linksByScripts.set(key, links);
    }
    return links;
  };
}

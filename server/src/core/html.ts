import { BOOTSTRAP_ELEMENT_ID, type BootstrapData } from '@cadenza/contracts/bootstrap';

export const HEAD_MARKER = '<!-- cadenza:head -->';

/** Used when the web app has not been built (API-only runs and tests). */
export const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${HEAD_MARKER}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that is safe inside a <script> element, whatever strings the data holds. */
export function scriptSafeJson(value: unknown): string {
  return scriptSafeText(JSON.stringify(value));
}

/**
 * JSON text made safe inside a <script> element: those characters only occur within its
 * strings, where their escapes mean the same.
 */
export function scriptSafeText(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_UNSAFE[char]!);
}

/**
 * The bootstrap data as JSON for the page. All of it but the user is the site's part, the same
 * objects for every visitor with the same settings, language and kind of device (the bootstrap
 * service keeps them): that part is written once and kept while its objects are the same, so a
 * member's page writes only their own part (the whole took about a tenth of the page's time).
 */
const siteParts = new WeakMap<object, { parts: Record<string, unknown>; json: string }>();
function bootstrapJson({ user, impersonator = null, ...parts }: BootstrapData): string {
  let kept = siteParts.get(parts.settings);
  const same = (key: string) => kept!.parts[key] === (parts as Record<string, unknown>)[key];
  if (!kept || !Object.keys(parts).every(same) || !Object.keys(kept.parts).every(same)) {
    kept = { parts, json: scriptSafeJson(parts) };
    siteParts.set(parts.settings, kept);
  }
  const own = scriptSafeJson({ user, impersonator });
  return `${own.slice(0, -1)},${kept.json.slice(1)}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface SeoTags {
  title: string;
  description?: string | undefined;
  /** Extra meta tags, e.g. `og:image`. */
  meta?: Record<string, string>;
  canonical?: string;
  /** Other forms of the page, e.g. its oEmbed description (`application/json+oembed`). */
  alternates?: { type: string; href: string; title?: string }[];
}

export function renderHead(seo: SeoTags, bootstrap: BootstrapData): string {
  const meta = {
    ...(seo.description ? { description: seo.description, 'og:description': seo.description } : {}),
    'og:title': seo.title,
    ...seo.meta,
  };
  const metaTags = Object.entries(meta).map(([name, content]) => {
    const attribute = /^(og|music):/.test(name) ? 'property' : 'name';
    return `<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(content)}" />`;
  });
  return [
    `<title>${escapeHtml(seo.title)}</title>`,
    ...metaTags,
    ...(seo.canonical ? [`<link rel="canonical" href="${escapeHtml(seo.canonical)}" />`] : []),
    ...(seo.alternates ?? []).map(
      ({ type, href, title }) =>
        `<link rel="alternate" type="${escapeHtml(type)}" href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''} />`,
    ),
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${bootstrapJson(bootstrap)}</script>`,
  ].join('\n    ');
}

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The address of the template's own script (the app's entry), or undefined for a bare page. */
export function entryScriptOf(template: string): string | undefined {
  return ENTRY_SCRIPT.exec(template)?.[1];
}

/**
 * A worker that formats a number and a date in the page's language, and ends. The first number
 * or date a page formats loads the browser's locale data (ICU's), 30 to 80 ms of the main thread
 * on a fast machine; that data is the whole page's, so formatted first on another thread it is
 * ready when the app draws the page (then under a millisecond). Nothing is lost where a worker
 * cannot start: the app then loads it as before. Only for pages that format as they start: on
 * one that does not (the landing page), the worker's thread only competes with the page's own.
 */
const INTL_WARM_UP = [
  'try {',
  'const language = JSON.stringify(document.documentElement.lang || "en");',
  'const warmUp = `new Intl.NumberFormat(${language}).format(1); new Intl.DateTimeFormat(${language}).format(0); close();`;',
  "new Worker(URL.createObjectURL(new Blob([warmUp], { type: 'text/javascript' })));",
  '} catch {}',
].join(' ');

/**
 * The page template with the script `entry` (the landing page's own, or the app's) in place of
 * its own, loaded only after the first paint: for a page drawn on the server, which then shows
 * with its styles and header image alone, before the code takes the network and the main
 * thread; it then hydrates the page. It starts a frame after the browser reports the first paint; a tab opened in the
 * background paints nothing until shown, so it starts there at once, and a browser that reports
 * no paints starts it after a second.
 */
export function startAfterFirstPaint(
  template: string,
  entry: string,
  { warmUpLocaleData = false } = {},
): string {
  return template.replace(ENTRY_SCRIPT, () => {
    const start = [
      ...(warmUpLocaleData ? [INTL_WARM_UP] : []),
      'let started = false;',
      `const start = () => { if (!started) { started = true; import(${JSON.stringify(entry)}); } };`,
      "if (document.visibilityState === 'hidden') start();",
      "new PerformanceObserver(() => requestAnimationFrame(() => setTimeout(start))).observe({ type: 'paint', buffered: true });",
      'setTimeout(start, 1000);',
    ].join(' ');
    return `<script type="module">${start}</script>`;
  });
}

/**
 * The page with its head filled in; `extraHead` goes last, after the app's own styles, and
 * `body` (markup drawn on the server, see `prerender.ts`) inside the app's root element.
 */
export function renderPage(
  template: string,
  seo: SeoTags,
  bootstrap: BootstrapData,
  extraHead = '',
  body = '',
): string {
  const language = escapeHtml(bootstrap.i18n.language);
  const page = endOfHead(template, extraHead)
    .replace(HEAD_MARKER, () => renderHead(seo, bootstrap))
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  return body ? page.replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`) : page;
}

/** The page with `tags` last in its head (the page itself when there are none). */
export function endOfHead(page: string, tags: string): string {
  return tags ? page.replace('</head>', () => `  ${tags}\n  </head>`) : page;
}

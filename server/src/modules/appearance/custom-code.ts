import crypto from 'node:crypto';
import { escapeHtml } from '../../core/html.js';
import type { SettingsService } from '../settings/settings.service.js';

export type CustomCodeKind = 'css' | 'js';

const SETTING = { css: 'custom_code.css', js: 'custom_code.js' } as const;

/** Where each file is served; `?v=` names the version, so browsers may keep it for a year. */
export const CUSTOM_CODE_PATHS = { css: '/custom-code/custom.css', js: '/custom-code/custom.js' };

/** Paths that never load custom code: the admin area, so a broken script cannot lock it. */
const PRIVATE_AREA = /^\/admin(\/|$)/;

export type CustomCode = ReturnType<typeof createCustomCode>;

/**
 * The site's own CSS and JavaScript (settings `custom_code.css` and `custom_code.js`), served
 * as files of the site's origin, so the Content-Security-Policy needs no exception for them.
 */
export function createCustomCode(settings: SettingsService) {
  // Every page names the files' versions: each is hashed once per change, not per page.
  const last: Partial<Record<CustomCodeKind, { body: string; version: string }>> = {};
  async function read(kind: CustomCodeKind): Promise<{ body: string; version: string }> {
    const body = await settings.get(SETTING[kind]);
    if (last[kind]?.body !== body) {
      const version = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
      last[kind] = { body, version };
    }
    return last[kind];
  }

  return {
    read,

    /** The tags a page of the public site loads its custom code with ('' when there is none). */
    async headTags(pathname: string): Promise<string> {
      if (PRIVATE_AREA.test(pathname)) return '';
      const [css, js] = await Promise.all([read('css'), read('js')]);
      const tags: string[] = [];
      if (css.body.trim()) {
        const href = escapeHtml(`${CUSTOM_CODE_PATHS.css}?v=${css.version}`);
        tags.push(`<link rel="stylesheet" id="custom-css" href="${href}" />`);
      }
      if (js.body.trim()) {
        const src = escapeHtml(`${CUSTOM_CODE_PATHS.js}?v=${js.version}`);
        tags.push(`<script id="custom-js" src="${src}" defer></script>`);
      }
      return tags.join('\n    ');
    },
  };
}

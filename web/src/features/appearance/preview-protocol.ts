import type { Menu } from '@cadenza/contracts/menus';
import type { Theme } from '@cadenza/contracts/themes';

/**
 * The messages between the appearance editor and the site it previews in a same-origin frame
 * (documented in docs/appearance-editor.md). Every message carries `source`, and each side
 * accepts messages only from its own origin and from the other window.
 */
export const PREVIEW_SOURCE = 'cadenza-appearance';

/** Editor → site. */
export type EditorMessage =
  /** Show a path of the site (never the admin area). */
  | { type: 'navigate'; path: string }
  /** Public settings by their dotted keys (`branding.site_name`), merged over the saved ones. */
  | { type: 'setSettings'; values: Record<string, unknown> }
  | { type: 'setMenus'; menus: Menu[] }
  /** Every theme as edited; `showThemeId` is shown whatever the visitor chose. */
  | { type: 'setThemes'; themes: Theme[]; showThemeId: number | null }
  /** Custom CSS applied at once; the script, as the address of a draft, runs once. */
  | { type: 'setCustomCode'; css: string; scriptUrl: string | null };

/** Site → editor. */
export type SiteMessage =
  /** The site is loaded and listening: the editor sends its whole state. */
  { type: 'ready'; path: string } | { type: 'navigated'; path: string };

export type Envelope<T> = T & { source: typeof PREVIEW_SOURCE };

const EDITOR_TYPES = new Set(['navigate', 'setSettings', 'setMenus', 'setThemes', 'setCustomCode']);
const SITE_TYPES = new Set(['ready', 'navigated']);

function isEnvelope(data: unknown, types: Set<string>): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { source, type } = data as { source?: unknown; type?: unknown };
  return source === PREVIEW_SOURCE && typeof type === 'string' && types.has(type);
}

export const isEditorMessage = (data: unknown): data is Envelope<EditorMessage> =>
  isEnvelope(data, EDITOR_TYPES);
export const isSiteMessage = (data: unknown): data is Envelope<SiteMessage> =>
  isEnvelope(data, SITE_TYPES);

/** A path the preview may show: inside the site, never the admin area (no frame in a frame). */
export function isPreviewPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !/^\/admin(\/|\?|#|$)/.test(path);
}

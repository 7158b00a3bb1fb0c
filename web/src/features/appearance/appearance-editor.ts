/** The query flag the appearance editor adds to the site it previews in its frame. */
export const APPEARANCE_EDITOR_FLAG = 'be-appearance-editor';

/**
 * Whether the app runs inside the appearance editor: framed by a page of the same origin that
 * marks the frame with the editor flag (spec section 1: the editor talks to the site through
 * same-origin messages). A cross-origin parent cannot be read and so never counts.
 */
export function isInAppearanceEditor(win: Window = window): boolean {
  if (win === win.parent) return false;
  try {
    // Reading another origin's document throws; only a same-origin editor gets this far.
    if (!win.parent.document) return false;
  } catch {
    return false;
  }
  const frameFlag = win.frameElement?.getAttribute(`data-${APPEARANCE_EDITOR_FLAG}`) != null;
  return frameFlag || new URLSearchParams(win.location.search).has(APPEARANCE_EDITOR_FLAG);
}

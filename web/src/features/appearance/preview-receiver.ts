import { getBootstrapData, setBootstrapData } from '../../api/bootstrap';
import { showThemeInPreview } from '../../theme/use-theme-selector';
import { APPEARANCE_EDITOR_FLAG } from './appearance-editor';
import {
  isEditorMessage,
  isPreviewPath,
  PREVIEW_SOURCE,
  type EditorMessage,
  type SiteMessage,
} from './preview-protocol';

interface PreviewedRouter {
  navigate: (path: string) => unknown;
  subscribe: (
    listener: (state: { location: { pathname: string; search: string } }) => void,
  ) => unknown;
}

/** Nests dotted keys into the settings object the way the server's bootstrap data does. */
export function mergeDottedSettings(
  settings: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const merged = structuredClone(settings);
  for (const [key, value] of Object.entries(values)) {
    const parts = key.split('.');
    let node = merged;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = node[part] =
        typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : {};
    }
    node[parts.at(-1)!] = value;
  }
  return merged;
}

function applyCustomCode(css: string, scriptUrl: string | null): void {
  // The saved stylesheet steps aside while the draft shows.
  const saved = document.getElementById('custom-css') as HTMLLinkElement | null;
  if (saved) saved.disabled = true;
  let style = document.getElementById('custom-css-preview');
  if (!style) {
    style = document.createElement('style');
    style.id = 'custom-css-preview';
    document.head.append(style);
  }
  style.textContent = css;
  if (scriptUrl) {
    const script = document.createElement('script');
    script.src = scriptUrl;
    document.head.append(script);
  }
}

function apply(message: EditorMessage, router: PreviewedRouter): void {
  const data = getBootstrapData();
  switch (message.type) {
    case 'navigate':
      if (isPreviewPath(message.path)) void router.navigate(message.path);
      return;
    case 'setSettings':
      setBootstrapData({
        ...data,
        settings: mergeDottedSettings(data.settings, message.values) as typeof data.settings,
      });
      return;
    case 'setMenus':
      setBootstrapData({ ...data, menus: message.menus });
      return;
    case 'setThemes':
      setBootstrapData({ ...data, themes: message.themes });
      showThemeInPreview(message.showThemeId);
      return;
    case 'setCustomCode':
      applyCustomCode(message.css, message.scriptUrl);
      return;
  }
}

/**
 * The site's side of the appearance editor: runs only inside the editor's frame, applies what
 * the editor sends before anything is saved, and reports where the preview is.
 */
export function listenToAppearanceEditor(router: PreviewedRouter): () => void {
  // The editor's flag is how the frame was opened, not part of the page's address.
  const pathOf = ({ pathname, search }: { pathname: string; search: string }) => {
    const query = new URLSearchParams(search);
    query.delete(APPEARANCE_EDITOR_FLAG);
    return query.size > 0 ? `${pathname}?${query}` : pathname;
  };
  const post = (message: SiteMessage) =>
    window.parent.postMessage({ ...message, source: PREVIEW_SOURCE }, window.location.origin);

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== window.parent) return;
    if (isEditorMessage(event.data)) apply(event.data, router);
  };
  window.addEventListener('message', onMessage);
  router.subscribe(({ location }) => {
    post({ type: 'navigated', path: pathOf(location) });
  });
  post({ type: 'ready', path: pathOf(window.location) });
  return () => window.removeEventListener('message', onMessage);
}

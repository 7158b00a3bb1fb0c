import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData, setBootstrapData } from '../../api/bootstrap';
import { makeBootstrap, makeSettings } from '../../app/testing/bootstrap-factory';
import { isPreviewPath, PREVIEW_SOURCE } from './preview-protocol';
import { listenToAppearanceEditor, mergeDottedSettings } from './preview-receiver';

/* The site's side of the appearance editor, driven by the messages the editor sends. */

const router = { navigate: vi.fn(), subscribe: vi.fn() };

function fromEditor(data: object, origin = window.location.origin) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { ...data, source: PREVIEW_SOURCE },
      origin,
      source: window,
    }),
  );
}

const siteName = () => (getBootstrapData().settings.branding as { site_name: string }).site_name;

let posted: unknown[];
let stopListening: () => void;
beforeEach(() => {
  posted = [];
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
    posted.push(message);
  });
  setBootstrapData(
    makeBootstrap({ settings: makeSettings({ branding: { site_name: 'Cadenza' } }) }),
  );
  stopListening = listenToAppearanceEditor(router);
});
afterEach(() => {
  stopListening();
  vi.restoreAllMocks();
  router.navigate.mockReset();
  document.head.innerHTML = '';
});

describe('the preview inside the appearance editor', () => {
  it('tells the editor it is ready, with the page it shows', () => {
    expect(posted).toContainEqual({ type: 'ready', path: '/', source: PREVIEW_SOURCE });
  });

  it('shows unsaved settings at once, nested like the bootstrap data', () => {
    fromEditor({ type: 'setSettings', values: { 'branding.site_name': 'Tunehouse' } });
    expect(siteName()).toBe('Tunehouse');
  });

  it('ignores messages from another origin', () => {
    fromEditor(
      { type: 'setSettings', values: { 'branding.site_name': 'Hijacked' } },
      'https://evil.example',
    );
    expect(siteName()).toBe('Cadenza');
  });

  it('navigates within the site, never into the admin area', () => {
    fromEditor({ type: 'navigate', path: '/admin/users' });
    fromEditor({ type: 'navigate', path: '//evil.example/' });
    expect(router.navigate).not.toHaveBeenCalled();
    fromEditor({ type: 'navigate', path: '/discover' });
    expect(router.navigate).toHaveBeenCalledWith('/discover');
  });

  it('shows the draft CSS in place of the saved stylesheet', () => {
    const saved = document.createElement('link');
    saved.id = 'custom-css';
    document.head.append(saved);
    fromEditor({ type: 'setCustomCode', css: 'body { color: red }', scriptUrl: null });
    expect(saved.disabled).toBe(true);
    expect(document.getElementById('custom-css-preview')?.textContent).toBe('body { color: red }');
    expect(document.querySelector('script')).toBeNull();

    fromEditor({
      type: 'setCustomCode',
      css: '',
      scriptUrl: '/api/v1/admin/appearance/script-preview/abc',
    });
    expect(document.querySelector('script')?.getAttribute('src')).toBe(
      '/api/v1/admin/appearance/script-preview/abc',
    );
  });

  it('replaces the menus and the themes', () => {
    fromEditor({
      type: 'setMenus',
      menus: [{ id: 'm', name: 'Main', positions: ['primary'], items: [] }],
    });
    expect(getBootstrapData().menus.map((menu) => menu.name)).toEqual(['Main']);
    const theme = {
      id: 9,
      name: 'Ocean',
      is_dark: true,
      default_light: false,
      default_dark: false,
      values: { '--primary': '#2bb3ff' },
    };
    fromEditor({ type: 'setThemes', themes: [theme], showThemeId: 9 });
    expect(getBootstrapData().themes).toEqual([theme]);
  });
});

describe('the preview protocol', () => {
  it('merges dotted keys without touching the saved object', () => {
    const saved = { branding: { site_name: 'A', logo_dark: 'x' } };
    const merged = mergeDottedSettings(saved, {
      'branding.site_name': 'B',
      'landing.show_trending': false,
    });
    expect(merged).toEqual({
      branding: { site_name: 'B', logo_dark: 'x' },
      landing: { show_trending: false },
    });
    expect(saved.branding.site_name).toBe('A');
  });

  it('accepts only paths of the site outside the admin area', () => {
    expect(isPreviewPath('/')).toBe(true);
    expect(isPreviewPath('/artist/1?tab=albums')).toBe(true);
    expect(isPreviewPath('/administrators')).toBe(true);
    expect(isPreviewPath('/admin')).toBe(false);
    expect(isPreviewPath('/admin/appearance')).toBe(false);
    expect(isPreviewPath('https://evil.example')).toBe(false);
    expect(isPreviewPath('//evil.example')).toBe(false);
  });
});

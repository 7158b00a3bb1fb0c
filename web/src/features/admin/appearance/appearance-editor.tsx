import type { Menu } from '@cadenza/contracts/menus';
import { isSettingKey, SETTING_DEFINITIONS } from '@cadenza/contracts/settings';
import { themeInputSchema, type Theme } from '@cadenza/contracts/themes';
import { useQueryClient } from '@tanstack/react-query';
import {
  ChevronRight,
  Code,
  LayoutTemplate,
  ListTree,
  Palette,
  Settings2,
  type LucideIcon,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { UnsavedChangesGuard } from '../../../app/unsaved-changes';
import { Link, Route, Routes } from 'react-router';
import { getBootstrapData, setBootstrapData } from '../../../api/bootstrap';
import { showError } from '../../../app/error-handling/handle-error';
import { PageLoadError } from '../../../app/page-load-error';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import type { EditorMessage } from '../../appearance/preview-protocol';
import { mergeDottedSettings } from '../../appearance/preview-receiver';
import { useAdminSettings, useSaveSettings } from '../settings/settings-api';
import { previewScript, saveTheme, themesKey, useAdminThemes } from './appearance-api';
import { AppearanceContext, type AppearanceDraft } from './appearance-context';
import { CustomCodePanel } from './custom-code-panel';
import { GeneralPanel } from './general-panel';
import { LandingPanel } from './landing-panel';
import { MenusPanel } from './menus-panel';
import { PreviewPane, usePreviewFrame } from './preview-frame';
import { ThemesPanel } from './themes-panel';

const PANELS: { path: string; label: string; description: string; icon: LucideIcon }[] = [
  { path: 'general', label: 'General', description: 'Site name and theme rules', icon: Settings2 },
  { path: 'themes', label: 'Themes', description: 'Colours and fonts', icon: Palette },
  { path: 'menus', label: 'Menus', description: 'Navigation links', icon: ListTree },
  {
    path: 'landing',
    label: 'Landing page',
    description: 'Header, features and footer',
    icon: LayoutTemplate,
  },
  { path: 'custom-code', label: 'Custom code', description: 'CSS and JavaScript', icon: Code },
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A setting of the bootstrap's `settings` (menus travel beside them). */
const isPublicSetting = (key: string) =>
  key !== 'menus' && isSettingKey(key) && SETTING_DEFINITIONS[key].public;

/**
 * /admin/appearance: the site in a same-origin frame beside the editor's panels. Every change
 * shows in the preview at once through messages (docs/appearance-editor.md) and reaches
 * visitors only when Save is pressed.
 */
export function AppearanceEditor() {
  const settings = useAdminSettings();
  const themes = useAdminThemes();
  if (settings.isPending || themes.isPending) {
    return <Skeleton className="h-[calc(100vh-8rem)]" />;
  }
  if (settings.isError || themes.isError) {
    return (
      <PageLoadError
        inScreen
        onRetry={() => void Promise.all([settings.refetch(), themes.refetch()])}
      />
    );
  }
  return <Editor savedSettings={settings.data.settings} savedThemes={themes.data} />;
}

function Editor({
  savedSettings,
  savedThemes,
}: {
  savedSettings: Record<string, unknown>;
  savedThemes: Theme[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saveSettings = useSaveSettings();
  const [settings, setSettings] = useState<Record<string, unknown>>({});
  const [editedThemes, setEditedThemes] = useState<Record<number, Theme>>({});
  const [shownThemeId, setShownThemeId] = useState<number | null>(null);
  const [scriptUrl, setScriptUrl] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const themes = useMemo(
    () => savedThemes.map((theme) => editedThemes[theme.id] ?? theme),
    [savedThemes, editedThemes],
  );
  const value = <T,>(key: string) => (key in settings ? settings[key] : savedSettings[key]) as T;
  const savedTheme = (id: number) => savedThemes.find((theme) => theme.id === id);
  const holdsDefault = (theme: Theme) => Number(theme.default_light || theme.default_dark);
  // A theme that takes a default mark is saved first: the server moves the mark from the other.
  const changedThemes = themes
    .filter((theme) => !same(theme, savedTheme(theme.id)))
    .sort((a, b) => holdsDefault(b) - holdsDefault(a));
  const isDirty = Object.keys(settings).length > 0 || changedThemes.length > 0;

  const publicValues = () =>
    Object.fromEntries(Object.entries(settings).filter(([key]) => isPublicSetting(key)));
  const stateMessages = (): EditorMessage[] => [
    { type: 'setSettings', values: publicValues() },
    { type: 'setMenus', menus: value<Menu[]>('menus') },
    { type: 'setThemes', themes, showThemeId: shownThemeId },
    ...('custom_code.css' in settings || scriptUrl
      ? [{ type: 'setCustomCode', css: value<string>('custom_code.css'), scriptUrl } as const]
      : []),
  ];
  const preview = usePreviewFrame(stateMessages);

  const draft: AppearanceDraft = {
    value,
    setValue(key, next) {
      setSettings((current) => {
        const { [key]: _previous, ...rest } = current;
        return same(next, savedSettings[key]) ? rest : { ...rest, [key]: next };
      });
      // The preview merges what it gets, so the one changed value is enough.
      if (key === 'menus') preview.send({ type: 'setMenus', menus: next as Menu[] });
      else if (key === 'custom_code.css') {
        preview.send({ type: 'setCustomCode', css: next as string, scriptUrl: null });
      } else if (isPublicSetting(key)) {
        preview.send({ type: 'setSettings', values: { [key]: next } });
      }
    },
    themes,
    setTheme(theme) {
      // One default light and one default dark theme: marking this one unmarks the other.
      const next = themes.map((existing) =>
        existing.id === theme.id
          ? theme
          : {
              ...existing,
              default_light: existing.default_light && !theme.default_light,
              default_dark: existing.default_dark && !theme.default_dark,
            },
      );
      setEditedThemes(Object.fromEntries(next.map((edited) => [edited.id, edited])));
      preview.send({ type: 'setThemes', themes: next, showThemeId: theme.id });
      setShownThemeId(theme.id);
    },
    showTheme(id) {
      setShownThemeId(id);
      preview.send({ type: 'setThemes', themes, showThemeId: id });
    },
    navigate: (path) => preview.send({ type: 'navigate', path }),
    async runScript() {
      const url = await previewScript(value<string>('custom_code.js'));
      setScriptUrl(url);
      preview.send({
        type: 'setCustomCode',
        css: value<string>('custom_code.css'),
        scriptUrl: url,
      });
    },
  };

  const problem = (): string | undefined => {
    for (const [key, next] of Object.entries(settings)) {
      if (!isSettingKey(key)) continue;
      const result = SETTING_DEFINITIONS[key].schema.safeParse(next);
      if (!result.success) return result.error.issues[0]?.message;
    }
    for (const theme of changedThemes) {
      const result = themeInputSchema.safeParse(theme);
      if (!result.success) {
        return t('Theme {{name}}: {{problem}}', {
          name: theme.name,
          problem: result.error.issues[0]?.message,
        });
      }
    }
    return undefined;
  };

  const save = async () => {
    const invalid = problem();
    if (invalid) {
      toast.danger(invalid);
      return;
    }
    setSaving(true);
    try {
      if (Object.keys(settings).length > 0) await saveSettings.mutateAsync(settings);
      for (const theme of changedThemes) await saveTheme(theme);
      await queryClient.invalidateQueries({ queryKey: themesKey });
      // The admin's own pages show the change too, without a reload.
      const current = getBootstrapData();
      setBootstrapData({
        ...current,
        settings: mergeDottedSettings(current.settings, publicValues()) as typeof current.settings,
        menus: value<Menu[]>('menus'),
        themes,
      });
      setSettings({});
      setEditedThemes({});
      toast.positive(t('Appearance saved'));
    } catch (error) {
      showError(error, t);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppearanceContext.Provider value={draft}>
      <UnsavedChangesGuard when={isDirty && !saving} within="/admin/appearance" />
      <div className="-mx-3 -my-6 flex flex-col sm:-mx-6 lg:h-[calc(100vh-3.5rem)] lg:flex-row">
        <div className="flex w-full shrink-0 flex-col border-border lg:w-96 lg:border-e">
          <div className="flex items-center gap-3 border-b border-border px-4 py-3">
            <h1 className="text-xl font-semibold">{t('Appearance')}</h1>
            <Button
              className="ms-auto"
              size="sm"
              isLoading={saving}
              disabled={!isDirty}
              onClick={() => void save()}
            >
              {t('Save')}
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            <Routes>
              <Route index element={<PanelList />} />
              <Route path="general" element={<GeneralPanel />} />
              <Route path="themes/*" element={<ThemesPanel />} />
              <Route path="menus/*" element={<MenusPanel />} />
              <Route path="landing" element={<LandingPanel />} />
              <Route path="custom-code" element={<CustomCodePanel />} />
            </Routes>
          </div>
        </div>
        <div className="flex h-[75vh] min-w-0 flex-1 lg:h-auto">
          <PreviewPane {...preview} />
        </div>
      </div>
    </AppearanceContext.Provider>
  );
}

function PanelList() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Appearance')}>
      <ul className="flex flex-col gap-1">
        {PANELS.map(({ path, label, description, icon: Icon }) => (
          <li key={path}>
            <Link
              to={path}
              className="flex items-center gap-3 rounded-md px-3 py-3 transition-colors hover:bg-bg-hover"
            >
              <Icon size={20} aria-hidden className="text-fg-muted" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{t(label)}</span>
                <span className="text-sm text-fg-muted">{t(description)}</span>
              </span>
              <ChevronRight size={18} aria-hidden className="text-fg-muted rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

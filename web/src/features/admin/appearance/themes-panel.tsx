import {
  THEME_COLOURS,
  THEME_FONTS,
  themeInputSchema,
  type Theme,
  type ThemeInput,
} from '@cadenza/contracts/themes';
import { Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Select, SelectItem } from '../../../ui/select';
import { Switch } from '../../../ui/switch';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { useThemeWrites } from './appearance-api';
import { useAppearance } from './appearance-context';
import { PanelHeader } from './panel-header';

const DEFAULT_FONT = THEME_FONTS.Inter;

/** /admin/appearance/themes: the list, and one theme's editor. */
export function ThemesPanel() {
  return (
    <Routes>
      <Route index element={<ThemeList />} />
      <Route path=":themeId" element={<ThemeEditor />} />
    </Routes>
  );
}

function ThemeList() {
  const { t } = useTranslation();
  const { themes, showTheme } = useAppearance();
  const { create } = useThemeWrites();
  const navigate = useNavigate();
  useEffect(() => showTheme(null), []); // eslint-disable-line react-hooks/exhaustive-deps

  const addTheme = () => {
    const base = themes.find((theme) => theme.default_dark) ?? themes[0];
    const input: ThemeInput = {
      name: t('New theme'),
      is_dark: base?.is_dark ?? true,
      default_light: false,
      default_dark: false,
      values: { ...base?.values },
    };
    create.mutate(input, {
      onSuccess: (theme) => void navigate(String(theme.id)),
      onError: (error) => showError(error, t),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <PanelHeader
        back=".."
        title={t('Themes')}
        actions={
          <Button
            size="sm"
            variant="outline"
            startIcon={<Plus size={16} />}
            isLoading={create.isPending}
            onClick={addTheme}
          >
            {t('New theme')}
          </Button>
        }
      />
      <ul className="flex flex-col gap-2">
        {themes.map((theme) => (
          <li key={theme.id}>
            <Link
              to={String(theme.id)}
              className="flex items-center gap-3 rounded-md border border-border p-3 hover:bg-bg-hover"
            >
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center justify-center rounded-md border border-border"
                style={{ background: theme.values['--bg'] }}
              >
                <span
                  className="size-4 rounded-full"
                  style={{ background: theme.values['--primary'] }}
                />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{theme.name}</span>
                <span className="text-sm text-fg-muted">
                  {[
                    theme.is_dark ? t('Dark') : t('Light'),
                    theme.default_light && t('Default light'),
                    theme.default_dark && t('Default dark'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ThemeEditor() {
  const { t } = useTranslation();
  const { themeId } = useParams();
  const { themes, setTheme, showTheme } = useAppearance();
  const theme = themes.find((candidate) => String(candidate.id) === themeId);
  const { create, remove } = useThemeWrites();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (theme) showTheme(theme.id);
  }, [theme?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!theme) {
    return (
      <div className="flex flex-col gap-3">
        <PanelHeader back=".." title={t('Themes')} />
        <p className="text-sm text-fg-muted">{t('This theme does not exist any more.')}</p>
      </div>
    );
  }

  const issues = themeInputSchema.safeParse(theme);
  const problemAt = (path: string) =>
    issues.success
      ? undefined
      : issues.error.issues.find((issue) => issue.path.join('.') === path)?.message;
  const change = (patch: Partial<Theme>) => setTheme({ ...theme, ...patch });
  const setVariable = (name: string, next: string) =>
    change({ values: { ...theme.values, [name]: next } });

  const duplicate = () =>
    create.mutate(
      {
        name: t('{{name}} copy', { name: theme.name }),
        is_dark: theme.is_dark,
        default_light: false,
        default_dark: false,
        values: theme.values,
      },
      {
        onSuccess: (copy) => {
          toast.positive(t('Theme duplicated'));
          void navigate(`../${copy.id}`);
        },
        onError: (error) => showError(error, t),
      },
    );

  const font = theme.values['--font-family'] ?? DEFAULT_FONT;
  const fontName = Object.entries(THEME_FONTS).find(([, stack]) => stack === font)?.[0] ?? 'Inter';

  return (
    <div className="flex flex-col gap-5">
      <PanelHeader
        back=".."
        title={theme.name}
        actions={
          <>
            <IconButton
              label={t('Duplicate')}
              size="sm"
              isLoading={create.isPending}
              onClick={duplicate}
            >
              <Copy size={18} aria-hidden />
            </IconButton>
            <IconButton
              label={t('Delete')}
              size="sm"
              disabled={theme.default_light || theme.default_dark}
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 size={18} aria-hidden />
            </IconButton>
          </>
        }
      />
      <TextField
        label={t('Name')}
        value={theme.name}
        required
        errorMessage={problemAt('name')}
        onChange={(event) => change({ name: event.target.value })}
      />
      <Switch
        label={t('Dark theme')}
        description={t('Tells browsers and images to use their dark variants.')}
        checked={theme.is_dark}
        onCheckedChange={(checked) => change({ is_dark: checked })}
      />
      <Checkbox
        label={t('Default light theme')}
        checked={theme.default_light}
        disabled={theme.default_light}
        onCheckedChange={(checked) => change({ default_light: checked === true })}
      />
      <Checkbox
        label={t('Default dark theme')}
        checked={theme.default_dark}
        disabled={theme.default_dark}
        onCheckedChange={(checked) => change({ default_dark: checked === true })}
      />
      <Select
        label={t('Font')}
        value={fontName}
        onValueChange={(name) =>
          setVariable('--font-family', THEME_FONTS[name as keyof typeof THEME_FONTS])
        }
      >
        {Object.keys(THEME_FONTS).map((name) => (
          <SelectItem key={name} value={name}>
            <span style={{ fontFamily: THEME_FONTS[name as keyof typeof THEME_FONTS] }}>
              {name}
            </span>
          </SelectItem>
        ))}
      </Select>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('Colours')}</legend>
        {Object.entries(THEME_COLOURS).map(([name, label]) => (
          <ColourField
            key={name}
            label={t(label)}
            value={theme.values[name] ?? ''}
            error={problemAt(`values.${name}`)}
            onChange={(next) => setVariable(name, next)}
          />
        ))}
      </fieldset>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('Delete theme?')}
        body={t('Visitors who chose {{name}} will see the default theme instead.', {
          name: theme.name,
        })}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(theme.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast.positive(t('Theme deleted'));
              void navigate('..');
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}

/** A colour as a picker and as text (for values a picker cannot show, like rgba). */
function ColourField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hex = /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000';
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <input
          type="color"
          value={hex}
          aria-label={t('{{name}} colour picker', { name: label })}
          onChange={(event) => onChange(event.target.value)}
          className="size-9 shrink-0 cursor-pointer rounded-sm border border-border bg-bg p-0.5"
        />
        <label htmlFor={id} className="min-w-0 flex-1 text-sm">
          {label}
        </label>
        <input
          id={id}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-32 rounded-sm border border-border bg-bg px-2 font-mono text-sm"
        />
      </div>
      {error && <p className="text-sm text-danger">{error}</p>}
    </div>
  );
}

import type { AdminLocalization } from '@cadenza/contracts/admin';
import { newLocalizationSchema } from '@cadenza/contracts/admin';
import { Languages, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Route, Routes, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Switch } from '../../../ui/switch';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { DataTable, type Column } from '../components/data-table';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { useListParams } from '../components/use-list-params';
import {
  useAddLanguage,
  useDeleteLanguage,
  useLocalizationLines,
  useLocalizations,
  useMakeDefaultLanguage,
  useSaveLines,
} from './localizations-api';
import { lineLabel, splitPluralKey } from './plural-keys';

/** /admin/localizations: the languages, and each one's lines to translate. */
export function LocalizationsScreen() {
  return (
    <Routes>
      <Route index element={<LanguagesList />} />
      <Route path=":language" element={<LinesEditor />} />
    </Routes>
  );
}

function LanguagesList() {
  const { t } = useTranslation();
  const languages = useLocalizations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminLocalization | null>(null);
  const makeDefault = useMakeDefaultLanguage();
  const remove = useDeleteLanguage();

  const columns: Column<AdminLocalization & { id: number }>[] = [
    {
      key: 'name',
      header: 'Language',
      cell: (row) => (
        <Link to={row.language} className="font-medium hover:underline">
          {row.name} <span className="text-xs text-fg-muted">{row.language}</span>
        </Link>
      ),
    },
    {
      key: 'progress',
      header: 'Translated',
      cell: (row) => (
        <span>
          {Math.floor((row.translated / Math.max(row.total, 1)) * 100)}%{' '}
          <span className="text-xs text-fg-muted">
            {t('{{translated}} of {{total}} lines', {
              translated: row.translated,
              total: row.total,
            })}
          </span>
        </span>
      ),
    },
    {
      key: 'default',
      header: 'Default',
      cell: (row) =>
        row.default ? (
          <span className="text-primary">{t('Default')}</span>
        ) : (
          <Button
            size="xs"
            variant="outline"
            isLoading={makeDefault.isPending && makeDefault.variables === row.language}
            onClick={() =>
              makeDefault.mutate(row.language, {
                onSuccess: () =>
                  toast.positive(t('{{name}} is the default language', { name: row.name })),
                onError: (error) => showError(error, t),
              })
            }
          >
            {t('Make default')}
          </Button>
        ),
    },
    {
      key: 'actions',
      header: '',
      className: 'w-12 text-end',
      cell: (row) =>
        !row.shipped && !row.default ? (
          <IconButton
            label={t('Delete {{name}}', { name: row.name })}
            size="sm"
            onClick={() => setDeleting(row)}
          >
            <Trash2 size={16} aria-hidden />
          </IconButton>
        ) : null,
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1000px] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('Localizations')}</h1>
        <Button startIcon={<Plus size={18} />} onClick={() => setAdding(true)}>
          {t('Add a language')}
        </Button>
      </div>
      <DataTable
        label={t('Localizations')}
        rows={languages.data?.map((row, index) => ({ ...row, id: index + 1 }))}
        columns={columns}
        isLoading={languages.isPending}
        empty={<EmptyState image={<Languages size={40} strokeWidth={1.5} />} />}
      />
      <AddLanguageDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete {{name}}?', { name: deleting?.name ?? '' })}
        body={t(
          'Its translated lines are deleted too. People who chose it see the default language.',
        )}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.language, {
            onSuccess: () => {
              toast.positive(t('Language deleted'));
              setDeleting(null);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}

function AddLanguageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ language?: string; name?: string }>({});
  const add = useAddLanguage();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = newLocalizationSchema.safeParse({ language, name });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        found[issue.path[0] as 'language' | 'name'] ??= t(issue.message);
      }
      return setErrors(found);
    }
    add.mutate(
      { language, name },
      {
        onSuccess: () => {
          toast.positive(t('Language added'));
          setLanguage('');
          setName('');
          setErrors({});
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors);
          } else showError(error, t);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="md">
      <DialogHeader
        description={t(
          'It starts from English: every line shows in English until it is translated.',
        )}
      >
        {t('Add a language')}
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-5">
          <TextField
            label={t('Name')}
            required
            placeholder="Español"
            value={name}
            onChange={(event) => setName(event.target.value)}
            errorMessage={errors.name}
          />
          <TextField
            label={t('Language code')}
            required
            placeholder="es"
            description={t('As browsers name it: es, fr, de, pt-PT…')}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            errorMessage={errors.language}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={add.isPending}>
            {t('Add')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function LinesEditor() {
  const { t } = useTranslation();
  const { language = '' } = useParams();
  const { params, apiParams, update } = useListParams();
  const languages = useLocalizations();
  const current = languages.data?.find((row) => row.language === language);
  const lines = useLocalizationLines(language, apiParams);
  const save = useSaveLines(language);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const changed = Object.keys(drafts).length;

  return (
    <div className="mx-auto flex max-w-[1100px] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{current?.name ?? language}</h1>
          <Link to=".." relative="path" className="text-sm text-fg-muted hover:text-fg">
            {t('All languages')}
          </Link>
        </div>
        <Button
          disabled={changed === 0 || language === 'en'}
          isLoading={save.isPending}
          onClick={() =>
            save.mutate(drafts, {
              onSuccess: () => {
                setDrafts({});
                toast.positive(t('Lines saved'));
              },
              onError: (error) => showError(error, t),
            })
          }
        >
          {changed > 0 ? t('Save changes ({{count}})', { count: changed }) : t('Save')}
        </Button>
      </div>
      {language === 'en' && (
        <p className="text-sm text-fg-muted">
          {t('English is the text of the app itself: add a language to translate it.')}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          label={t('Search lines')}
          value={params.query}
          onChange={(query) => update({ query })}
        />
        <Switch
          label={t('Only untranslated lines')}
          checked={params.filters.missing === 'true'}
          onCheckedChange={(on) => update({ missing: on ? 'true' : undefined })}
        />
      </div>
      <DataTable
        label={t('Lines')}
        rows={lines.data?.data.map((line, index) => ({ ...line, id: index + 1 }))}
        columns={[
          {
            key: 'english',
            header: 'English',
            className: 'w-1/2 align-top',
            cell: (line) => <span className="whitespace-pre-wrap">{lineLabel(line.key, t)}</span>,
          },
          {
            key: 'translation',
            header: 'Translation',
            cell: (line) => (
              <textarea
                aria-label={t('Translation of “{{text}}”', { text: lineLabel(line.key, t) })}
                rows={Math.min(4, Math.ceil(line.key.length / 50))}
                disabled={language === 'en'}
                placeholder={line.shipped ?? splitPluralKey(line.key).text}
                className="w-full rounded-sm border border-border bg-bg px-2 py-1 text-sm"
                value={drafts[line.key] ?? line.value}
                onChange={(event) =>
                  setDrafts((current) => ({ ...current, [line.key]: event.target.value }))
                }
              />
            ),
          },
        ]}
        isLoading={lines.isPending}
        empty={
          <EmptyState
            message={
              params.filters.missing
                ? t('Every line is translated')
                : t('No lines match this search')
            }
            className="rounded-lg border border-border"
          />
        }
      />
      <Pager pagination={lines.data} onPage={(page) => update({ page })} />
    </div>
  );
}

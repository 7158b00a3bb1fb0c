import type { RadioStation } from '@cadenza/contracts/radio-stations';
import { Pencil, Radio, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors, showError } from '../../../app/error-handling/handle-error';
import { useTranslation } from '../../../i18n/use-translation';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { type Column } from '../components/data-table';
import { ListTable, ScreenHeader } from '../components/list-table';
import { useListParams } from '../components/use-list-params';
import { useAdminRadioStations, useDeleteStation, useSaveStation } from './radio-stations-api';

interface StationForm {
  name: string;
  stream_url: string;
  homepage_url: string;
  cover_url: string;
}

const FIELDS = ['name', 'stream_url', 'homepage_url', 'cover_url'] as const;
const blank: StationForm = { name: '', stream_url: '', homepage_url: '', cover_url: '' };

/**
 * /admin/radio-stations: the internet radio stations listeners find in the player. The server
 * checks each stream address (it must answer with audio, and not from a private network).
 */
export function RadioStationsPage() {
  const { t } = useTranslation();
  const { apiParams, update } = useListParams();
  const stations = useAdminRadioStations(apiParams);
  const [editing, setEditing] = useState<RadioStation | null>(null);
  const [deleting, setDeleting] = useState<RadioStation | null>(null);
  const remove = useDeleteStation();

  const columns: Column<RadioStation>[] = [
    { key: 'name', header: 'Name', cell: (station) => station.name },
    {
      key: 'stream',
      header: 'Stream',
      cell: (station) => <span className="break-all">{station.stream_url}</span>,
    },
    {
      key: 'actions',
      header: '',
      className: 'w-24 text-end',
      cell: (station) => (
        <div className="flex justify-end gap-1">
          <IconButton
            label={t('Edit {{name}}', { name: station.name })}
            size="sm"
            onClick={() => setEditing(station)}
          >
            <Pencil size={16} aria-hidden />
          </IconButton>
          <IconButton
            label={t('Delete {{name}}', { name: station.name })}
            size="sm"
            onClick={() => setDeleting(station)}
          >
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-6">
      <header>
        <ScreenHeader title={t('Radio stations')} />
        <p className="mt-1 text-sm text-fg-muted">
          {t('Internet radio stations listeners can play live in the web player and music apps.')}
        </p>
      </header>
      <StationEditor key={editing?.id ?? 'new'} station={editing} onDone={() => setEditing(null)} />
      <ListTable
        list={stations}
        onPage={(page) => update({ page })}
        label={t('Radio stations')}
        columns={columns}
        empty={
          <EmptyState
            image={<Radio size={40} strokeWidth={1.5} />}
            message={t('No radio stations yet')}
            className="rounded-lg border border-border"
          />
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete the station?')}
        body={t('{{name}} leaves the player and the music apps.', { name: deleting?.name ?? '' })}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toast.positive(t('Station deleted'));
              setDeleting(null);
            },
            onError: (failure) => showError(failure, t),
          })
        }
      />
    </div>
  );
}

function StationEditor({ station, onDone }: { station: RadioStation | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveStation();
  const form = useForm<StationForm>({
    defaultValues: station
      ? {
          name: station.name,
          stream_url: station.stream_url,
          homepage_url: station.homepage_url ?? '',
          cover_url: station.cover_url ?? '',
        }
      : blank,
  });
  const { errors } = form.formState;
  return (
    <section
      aria-labelledby="station-editor"
      className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
    >
      <h2 id="station-editor" className="text-xl font-semibold">
        {station ? t('Edit {{name}}', { name: station.name }) : t('Add a station')}
      </h2>
      <form
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          save.mutate(
            { ...values, ...(station ? { id: station.id } : {}) },
            {
              onSuccess: () => {
                toast.positive(station ? t('Station saved') : t('Station added'));
                form.reset(blank);
                onDone();
              },
              onError: (failure) => applyServerErrors(failure, form.setError, FIELDS, t),
            },
          ),
        )}
      >
        <TextField
          label={t('Name')}
          errorMessage={errors.name?.message}
          {...form.register('name', { required: t('Enter the station’s name.') })}
        />
        <TextField
          label={t('Stream URL')}
          description={t(
            'The address of the audio stream itself (often ending in .mp3 or /stream).',
          )}
          errorMessage={errors.stream_url?.message}
          {...form.register('stream_url', { required: t('Enter the stream’s address.') })}
        />
        <TextField
          label={t('Homepage')}
          errorMessage={errors.homepage_url?.message}
          {...form.register('homepage_url')}
        />
        <TextField
          label={t('Cover image URL')}
          errorMessage={errors.cover_url?.message}
          {...form.register('cover_url')}
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          {station && (
            <Button type="button" variant="outline" onClick={onDone}>
              {t('Cancel')}
            </Button>
          )}
          <Button type="submit" isLoading={save.isPending}>
            {station ? t('Save') : t('Add station')}
          </Button>
        </div>
      </form>
    </section>
  );
}

import { FileText, Pencil } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { IconButton } from '../../../ui/button';
import { fetchTrackForEditing, type AdminLyrics } from './catalogue-api';
import { CatalogueListPage } from './catalogue-list-page';
import { TrackDialog } from './tracks-page';
import { useAdminDates } from '../components/admin-dates';

/** /admin/lyrics: the tracks that have lyrics, found by title or words, to edit or remove. */
export function LyricsPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const [editing, setEditing] = useState<Omit<
    ComponentProps<typeof TrackDialog>,
    'onClose'
  > | null>(null);

  return (
    <CatalogueListPage<AdminLyrics>
      table="lyrics"
      title={t('Lyrics')}
      searchLabel={t('Search lyrics')}
      icon={<FileText size={40} strokeWidth={1.5} />}
      filters={[
        {
          name: 'kind',
          label: t('Synced or plain'),
          options: [
            ['synced', t('Synced')],
            ['plain', t('Plain')],
          ],
        },
      ]}
      columns={[
        {
          key: 'name',
          header: 'Track',
          sortBy: 'name',
          cell: (row) => (
            <div className="min-w-[180px]">
              <p className="font-medium">{row.name}</p>
              <p className="text-xs text-fg-muted">{row.artists.join(', ')}</p>
            </div>
          ),
        },
        {
          key: 'excerpt',
          header: 'Lyrics',
          cell: (row) => <span className="line-clamp-1 text-fg-muted">{row.excerpt}</span>,
        },
        {
          key: 'kind',
          header: 'Kind',
          cell: (row) => (row.synced ? t('Synced') : t('Plain')),
        },
        {
          key: 'updated_at',
          header: 'Updated',
          sortBy: 'updated_at',
          cell: (row) => dates.date(row.updated_at),
        },
      ]}
      actions={(row) => (
        <IconButton
          label={t('Edit the lyrics of {{name}}', { name: row.name })}
          size="sm"
          onClick={() =>
            void fetchTrackForEditing(row.id).then(setEditing, (error: unknown) =>
              showError(error, t),
            )
          }
        >
          <Pencil size={16} aria-hidden />
        </IconButton>
      )}
      deleteTitle={t('Remove these lyrics?')}
      deleteBody={t('The tracks stay; only their lyrics, plain and synced, are removed.')}
      deleteLabel={t('Remove')}
      deleteRowLabel={(row) => t('Remove the lyrics of {{name}}', { name: row.name })}
    >
      {editing && <TrackDialog {...editing} onClose={() => setEditing(null)} />}
    </CatalogueListPage>
  );
}

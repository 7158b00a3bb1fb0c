import { ExternalLink, ListMusic } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { type AdminPlaylist } from './catalogue-api';
import { CatalogueListPage } from './catalogue-list-page';
import { useAdminDates } from '../components/admin-dates';

/** /admin/playlists: every listener's playlists, to look into or delete (spam, abuse). */
export function PlaylistsPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  return (
    <CatalogueListPage<AdminPlaylist>
      table="playlists"
      title={t('Playlists')}
      searchLabel={t('Search playlists')}
      icon={<ListMusic size={40} strokeWidth={1.5} />}
      filters={[
        {
          name: 'visibility',
          label: t('Public or private'),
          options: [
            ['public', t('Public')],
            ['private', t('Private')],
          ],
        },
      ]}
      columns={[
        {
          key: 'name',
          header: 'Playlist',
          sortBy: 'name',
          cell: (playlist) => <span className="font-medium">{playlist.name}</span>,
        },
        { key: 'owner', header: 'Owner', cell: (playlist) => playlist.owner },
        {
          key: 'visibility',
          header: 'Visibility',
          cell: (playlist) =>
            [
              playlist.public ? t('Public') : t('Private'),
              ...(playlist.collaborative ? [t('Collaborative')] : []),
            ].join(', '),
        },
        { key: 'tracks', header: 'Tracks', cell: (playlist) => playlist.tracks_count },
        {
          key: 'updated_at',
          header: 'Updated',
          sortBy: 'updated_at',
          cell: (playlist) => dates.date(playlist.updated_at),
        },
      ]}
      actions={(playlist) => (
        <Link
          to={`/playlist/${playlist.id}`}
          aria-label={t('Open {{name}}', { name: playlist.name })}
          className="inline-grid size-8 place-items-center rounded-full text-fg-muted hover:bg-bg-hover hover:text-fg"
        >
          <ExternalLink size={16} aria-hidden />
        </Link>
      )}
      deleteTitle={t('Delete playlists?')}
      deleteBody={t('Their owners lose them, and so do their followers. The tracks stay.')}
      deleteRowLabel={(playlist) => t('Delete {{name}}', { name: playlist.name })}
    />
  );
}

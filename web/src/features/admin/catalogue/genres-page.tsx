import { Tags } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { type AdminGenre } from './catalogue-api';
import { CatalogueListPage } from './catalogue-list-page';
import { useAdminDates } from '../components/admin-dates';

/** /admin/genres: the genres tags brought in, with how much of the catalogue each covers. */
export function GenresPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  return (
    <CatalogueListPage<AdminGenre>
      table="genres"
      title={t('Genres')}
      searchLabel={t('Search genres')}
      icon={<Tags size={40} strokeWidth={1.5} />}
      columns={[
        {
          key: 'name',
          header: 'Genre',
          sortBy: 'name',
          cell: (genre) => <span className="font-medium">{genre.display_name}</span>,
        },
        { key: 'tracks', header: 'Tracks', cell: (genre) => genre.tracks_count },
        { key: 'artists', header: 'Artists', cell: (genre) => genre.artists_count },
        {
          key: 'created_at',
          header: 'Added',
          sortBy: 'created_at',
          cell: (genre) => dates.date(genre.created_at),
        },
      ]}
      deleteTitle={t('Delete genres?')}
      deleteBody={t('Tracks, albums and artists keep their music; only the genre goes.')}
      deleteRowLabel={(genre) => t('Delete {{name}}', { name: genre.display_name })}
    />
  );
}

import type { Track } from '@cadenza/contracts/music';
import { FileUp, Library, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAuthUser } from '../../../../api/bootstrap';
import { Button } from '../../../../ui/button';
import { CardGridSkeleton } from '../common/components/cover-card';
import { MediaCardGrid } from '../common/components/media-card';
import { PlayButton } from '../common/components/play-button';
import { PlaylistFormDialog } from '../common/components/playlist-form-dialog';
import { playlistUrl } from '../common/links';
import { ScreenLayout, ScreenNotice } from '../common/components/screen-layout';
import { PagedList } from '../common/components/screen-states';
import { SectionLinks } from '../common/components/section-links';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { LIBRARY_TABS, useLibrary, type LibraryTab } from './api/library-api';
import { ImportPlaylistDialog } from './import-playlist-dialog';

function useTabLabels(): Record<LibraryTab, string> {
  const { t } = useTranslation();
  return {
    songs: t('Liked songs'),
    albums: t('Albums'),
    artists: t('Artists'),
    playlists: t('Playlists'),
    history: t('Recently played'),
  };
}

function useEmptyMessages(): Record<LibraryTab, string> {
  const { t } = useTranslation();
  return {
    songs: t('Songs you like appear here: tap the heart on any track.'),
    albums: t('Save albums with the heart on their page to find them here.'),
    artists: t('Follow artists to keep them one click away.'),
    playlists: t('Create a playlist or follow one to see it here.'),
    history: t('Play something: what you listen to shows up here.'),
  };
}

/** The signed-in user's saved music: liked songs, albums, artists, playlists and history. */
export function LibraryScreen() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const params = useParams();
  const tab: LibraryTab = (LIBRARY_TABS as readonly string[]).includes(params.tab ?? '')
    ? (params.tab as LibraryTab)
    : 'songs';
  const labels = useTabLabels();
  const location = useLocation();
  const navigate = useNavigate();
  // 'New playlist' in the side navigation comes here asking for the creation form.
  const requested = Boolean(
    (location.state as { createPlaylist?: boolean } | null)?.createPlaylist,
  );
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const closeForm = () => {
    setCreating(false);
    if (requested) void navigate(location.pathname, { replace: true, state: null });
  };

  if (!user) {
    return (
      <ScreenNotice
        icon={Library}
        message={t('Log in to see your library')}
        description={t('Your liked songs, albums, artists and playlists, all in one place.')}
        action={
          <Button asChild radius="full">
            <Link to="/login">{t('Log in')}</Link>
          </Button>
        }
      />
    );
  }

  return (
    <ScreenLayout>
      <div className="flex items-end justify-between gap-4 pt-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('Your library')}</h1>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            radius="full"
            startIcon={<FileUp className="size-4" aria-hidden />}
            onClick={() => setImporting(true)}
          >
            {t('Import playlist')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            radius="full"
            startIcon={<Plus className="size-4" aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('Create playlist')}
          </Button>
        </div>
      </div>
      <ImportPlaylistDialog open={importing} onOpenChange={setImporting} />
      <PlaylistFormDialog
        open={creating || requested}
        onOpenChange={(open) => (open ? setCreating(true) : closeForm())}
        onSaved={(playlist) => void navigate(playlistUrl(playlist))}
      />
      <SectionLinks
        label={t('Library sections')}
        sections={LIBRARY_TABS}
        current={tab}
        labels={labels}
        href={(item) => (item === 'songs' ? '/library' : `/library/${item}`)}
        className="py-4"
      />
      <Shelf key={tab} tab={tab} />
    </ScreenLayout>
  );
}

function Shelf({ tab }: { tab: LibraryTab }) {
  const labels = useTabLabels();
  const empty = useEmptyMessages();
  const query = useLibrary(tab);
  const isTracks = tab === 'songs' || tab === 'history';
  const context = { type: 'playlist' as const, id: `library-${tab}` };

  return (
    <PagedList
      query={query}
      skeleton={isTracks ? <TrackTableSkeleton /> : <CardGridSkeleton />}
      empty={empty[tab]}
    >
      {(items) =>
        isTracks ? (
          <>
            <PlayButton context={context} tracks={items as Track[]} size="lg" className="mb-4" />
            <TrackTable tracks={items as Track[]} context={context} label={labels[tab]} />
          </>
        ) : (
          <MediaCardGrid items={items} />
        )
      }
    </PagedList>
  );
}

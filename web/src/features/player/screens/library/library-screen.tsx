import type { Track } from '@cadenza/contracts/music';
import clsx from 'clsx';
import { Library, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAuthUser } from '../../../../app/bootstrap';
import { Button } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/empty-state';
import { allItems } from '../common/api/pagination';
import { CARD_GRID, CardGridSkeleton } from '../common/components/cover-card';
import { MediaCard } from '../common/components/media-card';
import { PlayButton } from '../common/components/play-button';
import { PlaylistFormDialog } from '../common/components/playlist-form-dialog';
import { playlistUrl } from '../common/links';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError, LoadMore } from '../common/components/screen-states';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { LIBRARY_TABS, useLibrary, type LibraryTab } from './api/library-api';

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
    artists: t('Like artists to keep them one click away.'),
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
  const closeForm = () => {
    setCreating(false);
    if (requested) void navigate(location.pathname, { replace: true, state: null });
  };

  if (!user) {
    return (
      <ScreenLayout>
        <EmptyState
          className="py-24"
          image={<Library className="size-12" />}
          message={t('Log in to see your library')}
          description={t('Your liked songs, albums, artists and playlists, all in one place.')}
          action={
            <Button asChild radius="full">
              <Link to="/login">{t('Log in')}</Link>
            </Button>
          }
        />
      </ScreenLayout>
    );
  }

  return (
    <ScreenLayout>
      <div className="flex items-end justify-between gap-4 pt-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('Your library')}</h1>
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
      <PlaylistFormDialog
        open={creating || requested}
        onOpenChange={(open) => (open ? setCreating(true) : closeForm())}
        onSaved={(playlist) => void navigate(playlistUrl(playlist))}
      />
      <nav aria-label={t('Library sections')} className="py-4">
        <ul className="flex gap-2 overflow-x-auto [scrollbar-width:none]">
          {LIBRARY_TABS.map((item) => (
            <li key={item}>
              <Link
                to={item === 'songs' ? '/library' : `/library/${item}`}
                aria-current={item === tab ? 'page' : undefined}
                className={clsx(
                  'inline-flex h-8 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors',
                  item === tab ? 'bg-fg text-bg' : 'bg-bg-hover text-fg hover:bg-bg-elevated',
                )}
              >
                {labels[item]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Shelf key={tab} tab={tab} />
    </ScreenLayout>
  );
}

function Shelf({ tab }: { tab: LibraryTab }) {
  const labels = useTabLabels();
  const empty = useEmptyMessages();
  const query = useLibrary(tab);
  const items = allItems(query.data?.pages.map((page) => page.pagination));
  const isTracks = tab === 'songs' || tab === 'history';

  if (query.isPending) return isTracks ? <TrackTableSkeleton /> : <CardGridSkeleton />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyMessage>{empty[tab]}</EmptyMessage>;

  const context = { type: 'playlist' as const, id: `library-${tab}` };
  return (
    <>
      {isTracks ? (
        <>
          <PlayButton context={context} tracks={items as Track[]} size="lg" className="mb-4" />
          <TrackTable tracks={items as Track[]} context={context} label={labels[tab]} />
        </>
      ) : (
        <ul className={CARD_GRID}>
          {items.map((item) => (
            <li key={item.id}>
              <MediaCard item={item as Exclude<typeof item, Track>} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

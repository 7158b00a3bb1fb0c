import type { Playlist } from '@cadenza/contracts/music';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuthUser } from '../../../../app/bootstrap';
import { Button } from '../../../../ui/button';
import { allItems } from '../common/api/pagination';
import { playlistTracks } from '../common/api/track-sources';
import { MediaHeader, MediaHeaderSkeleton } from '../common/components/media-header';
import { PlayButton } from '../common/components/play-button';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError, LoadMore } from '../common/components/screen-states';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { userUrl } from '../common/links';
import { PlaylistOwnerMenu, usePlaylistRowItems } from './playlist-owner-tools';
import { useFollowPlaylist, usePlaylist, usePlaylistTracks } from './api/playlist-api';

export function PlaylistScreen() {
  const { id } = useParams();
  const query = usePlaylist(Number(id));
  if (query.isPending) {
    return (
      <ScreenLayout header={<MediaHeaderSkeleton />}>
        <div aria-busy>
          <TrackTableSkeleton />
        </div>
      </ScreenLayout>
    );
  }
  if (query.isError) {
    return (
      <ScreenLayout>
        <LoadError onRetry={() => void query.refetch()} />
      </ScreenLayout>
    );
  }
  return <PlaylistContent playlist={query.data.playlist} />;
}

function PlaylistContent({ playlist }: { playlist: Playlist }) {
  const { t } = useTranslation();
  const tracksQuery = usePlaylistTracks(playlist.id);
  const tracks = allItems(tracksQuery.data?.pages.map((page) => page.pagination));
  const context = { type: 'playlist' as const, id: playlist.id };
  const ownerItems = usePlaylistRowItems(playlist.id, tracks, !tracksQuery.hasNextPage);

  return (
    <ScreenLayout
      header={
        <MediaHeader
          image={playlist.image}
          kind="album"
          eyebrow={playlist.public ? t('Public playlist') : t('Private playlist')}
          title={playlist.name}
          meta={
            <span className="flex flex-col items-center gap-1 md:items-start">
              {playlist.description && (
                <span className="text-white/80">{playlist.description}</span>
              )}
              <span>
                <Link
                  to={userUrl(playlist.owner)}
                  className="font-semibold text-white hover:underline"
                >
                  {playlist.owner.display_name}
                </Link>
                {' · '}
                {playlist.tracks_count === 1
                  ? t('1 song')
                  : t('{{count}} songs', { count: playlist.tracks_count })}
              </span>
            </span>
          }
          actions={
            <>
              <PlayButton
                context={context}
                tracks={tracks.length ? tracks : () => playlistTracks(playlist.id)}
                size="xl"
              />
              {playlist.is_owner ? (
                <PlaylistOwnerMenu playlist={playlist} />
              ) : (
                <FollowPlaylistButton id={playlist.id} followed={playlist.is_followed ?? false} />
              )}
            </>
          }
        />
      }
    >
      {tracksQuery.isPending ? (
        <TrackTableSkeleton />
      ) : tracksQuery.isError ? (
        <LoadError onRetry={() => void tracksQuery.refetch()} />
      ) : tracks.length === 0 ? (
        <EmptyMessage>{t('This playlist is empty: add songs from any track menu.')}</EmptyMessage>
      ) : (
        <TrackTable
          tracks={tracks}
          context={context}
          label={playlist.name}
          extraMenuItems={playlist.is_owner ? ownerItems : undefined}
        />
      )}
      <LoadMore
        hasMore={tracksQuery.hasNextPage}
        isLoading={tracksQuery.isFetchingNextPage}
        onLoadMore={() => void tracksQuery.fetchNextPage()}
      />
    </ScreenLayout>
  );
}

function FollowPlaylistButton({ id, followed }: { id: number; followed: boolean }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  const mutation = useFollowPlaylist(id);
  const isFollowed = mutation.isPending ? Boolean(mutation.variables) : followed;
  return (
    <Button
      variant="outline"
      size="sm"
      radius="full"
      aria-pressed={isFollowed}
      className="border-fg-muted px-4 hover:border-fg hover:bg-transparent"
      onClick={() => {
        if (!user) return void navigate('/login');
        mutation.mutate(!isFollowed);
      }}
    >
      {isFollowed ? t('Following') : t('Follow')}
    </Button>
  );
}

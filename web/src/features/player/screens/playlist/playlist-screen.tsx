import type { Playlist, Track } from '@cadenza/contracts/music';
import { useAuthUser } from '../../../../api/bootstrap';
import { Badge } from '../../../../ui/badge';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { allItems } from '../common/api/pagination';
import { playlistTracks } from '../common/api/track-sources';
import { OfflineButton } from '../../offline/offline-button';
import { FollowButton } from '../common/components/follow-button';
import { MediaHeader, MediaHeaderSkeleton } from '../common/components/media-header';
import { PlayButton } from '../common/components/play-button';
import { ScreenLayout, ScreenLoadError, ScreenSkeleton } from '../common/components/screen-layout';
import { PagedList } from '../common/components/screen-states';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { playlistUrl, userUrl } from '../common/links';
import { ShareMenu } from '../../share/share-menu';
import { PlaylistExportMenu } from './playlist-export-menu';
import { PlaylistOwnerMenu, usePlaylistRowItems } from './playlist-owner-tools';
import { useFollowPlaylist, usePlaylist, usePlaylistTracks } from './api/playlist-api';

export function PlaylistScreen() {
  const { id } = useParams();
  const query = usePlaylist(Number(id));
  if (query.isPending) {
    return (
      <ScreenSkeleton header={<MediaHeaderSkeleton />}>
        <TrackTableSkeleton />
      </ScreenSkeleton>
    );
  }
  if (query.isError)
    return <ScreenLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <PlaylistContent playlist={query.data.playlist} />;
}

function PlaylistContent({ playlist }: { playlist: Playlist }) {
  const { t } = useTranslation();
  const tracksQuery = usePlaylistTracks(playlist.id);
  const tracks = allItems(tracksQuery.data?.pages.map((page) => page.pagination));
  const context = { type: 'playlist' as const, id: playlist.id };
  const ownerItems = usePlaylistRowItems(playlist.id, tracks, !tracksQuery.hasNextPage);
  const collaboratorItems = usePlaylistRowItems(playlist.id, tracks, false);
  const follow = useFollowPlaylist(playlist.id);
  // In a workspace, what a member may change follows their role there, not only ownership.
  const mayEdit = playlist.can_edit ?? playlist.is_owner;
  const mayEditTracks = playlist.can_edit_tracks ?? playlist.is_owner;
  // A collaborator removes only the songs they added.
  const me = useAuthUser()?.id;
  const rowItems = mayEditTracks
    ? ownerItems
    : playlist.can_add_tracks
      ? (track: Track, index: number) =>
          track.added_by?.id === me ? collaboratorItems(track, index) : null
      : undefined;

  return (
    <ScreenLayout
      header={
        <MediaHeader
          image={playlist.image}
          mosaic={playlist.mosaic}
          kind="album"
          eyebrow={
            <span className="inline-flex items-center gap-2">
              {playlist.public ? t('Public playlist') : t('Private playlist')}
              {playlist.collaborative && (
                <Badge tone="primary" className="normal-case">
                  {t('Collaborative')}
                </Badge>
              )}
            </span>
          }
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
                {t('{{count}} songs', {
                  count: playlist.tracks_count,
                  defaultValue_one: '{{count}} song',
                  defaultValue_other: '{{count}} songs',
                })}
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
              {playlist.tracks_count > 0 && (
                <OfflineButton name={playlist.name} tracks={() => playlistTracks(playlist.id)} />
              )}
              {mayEdit ? (
                <PlaylistOwnerMenu playlist={playlist} />
              ) : (
                <FollowButton followed={playlist.is_followed ?? false} mutation={follow} />
              )}
              <ShareMenu
                kind="playlist"
                id={playlist.id}
                name={playlist.name}
                path={playlistUrl(playlist)}
                embeddable={playlist.public}
              />
              <PlaylistExportMenu playlist={playlist} />
            </>
          }
        />
      }
    >
      <PagedList
        query={tracksQuery}
        skeleton={<TrackTableSkeleton />}
        empty={t('This playlist is empty: add songs from any track menu.')}
      >
        {(tracks) => (
          <TrackTable
            tracks={tracks}
            context={context}
            label={playlist.name}
            extraMenuItems={rowItems}
          />
        )}
      </PagedList>
    </ScreenLayout>
  );
}

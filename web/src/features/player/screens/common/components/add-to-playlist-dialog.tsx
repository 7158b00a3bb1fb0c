import type { Playlist, Track } from '@cadenza/contracts/music';
import { ListMusic, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { showError } from '../../../../../app/error-handling/handle-error';
import { Badge } from '../../../../../ui/badge';
import { Button } from '../../../../../ui/button';
import { Dialog, DialogBody, DialogHeader } from '../../../../../ui/dialog';
import { Skeleton } from '../../../../../ui/skeleton';
import { toast } from '../../../../../ui/toast/toast-store';
import { useEditablePlaylists } from '../api/editable-playlists';
import { useAddToPlaylist } from '../api/playlist-mutations';
import { CoverImage } from './cover-image';
import { PlaylistFormDialog } from './playlist-form-dialog';

/** Picks one of the playlists the user may fill (or a new one) for a track. */
export function AddToPlaylistDialog({
  track,
  open,
  onOpenChange,
}: {
  track: Track;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const playlists = useEditablePlaylists(open);
  const add = useAddToPlaylist();
  const [creating, setCreating] = useState(false);
  // Those it may add to: one's own, in a workspace those the member's role lets them fill, and
  // the collaborative playlists they follow.
  const own = (playlists.data ?? []).filter(
    (playlist) =>
      playlist.can_add_tracks ?? playlist.can_edit_tracks ?? playlist.is_owner !== false,
  );

  const addTo = (playlist: Playlist) =>
    add.mutate(
      { playlistId: playlist.id, trackIds: [track.id] },
      {
        onSuccess: () => {
          toast.positive(t('Added to {{name}}', { name: playlist.name }));
          onOpenChange(false);
        },
        onError: (error) => showError(error, t),
      },
    );

  return (
    <>
      <Dialog open={open && !creating} onOpenChange={onOpenChange} size="sm">
        <DialogHeader description={track.name}>{t('Add to playlist')}</DialogHeader>
        <DialogBody>
          <Button
            variant="outline"
            radius="full"
            size="sm"
            startIcon={<Plus className="size-4" aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('New playlist')}
          </Button>
          <ul className="mt-4 flex flex-col gap-1">
            {playlists.isPending &&
              [0, 1, 2].map((row) => <Skeleton key={row} className="h-12 rounded-sm" />)}
            {own.map((playlist) => (
              <li key={playlist.id}>
                <button
                  type="button"
                  disabled={add.isPending}
                  className="flex w-full items-center gap-3 rounded-sm p-2 text-start hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none disabled:opacity-50"
                  onClick={() => addTo(playlist)}
                >
                  <CoverImage
                    src={playlist.image}
                    mosaic={playlist.mosaic}
                    sizes="40px"
                    className="size-10"
                  />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">
                    {playlist.name}
                  </span>
                  {playlist.collaborative && <Badge>{t('Collaborative')}</Badge>}
                </button>
              </li>
            ))}
            {playlists.isSuccess && own.length === 0 && (
              <li className="flex items-center gap-2 py-4 text-sm text-fg-muted">
                <ListMusic className="size-4" aria-hidden />
                {t('You have no playlists yet: create one above.')}
              </li>
            )}
          </ul>
        </DialogBody>
      </Dialog>
      <PlaylistFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(playlist) => {
          setCreating(false);
          addTo(playlist);
        }}
      />
    </>
  );
}

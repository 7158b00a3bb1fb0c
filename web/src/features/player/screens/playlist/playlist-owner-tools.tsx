import type { Playlist, Track } from '@cadenza/contracts/music';
import { ArrowDown, ArrowUp, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { showError } from '../../../../app/error-handling/handle-error';
import { Button } from '../../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../../ui/dialog';
import { Menu, MenuItem } from '../../../../ui/menu';
import { toast } from '../../../../ui/toast/toast-store';
import {
  useDeletePlaylist,
  useRemoveFromPlaylist,
  useReorderPlaylist,
} from '../common/api/playlist-mutations';
import { MoreOptionsButton } from '../common/components/more-options-button';
import { PlaylistFormDialog } from '../common/components/playlist-form-dialog';

/** The owner's menu in the playlist header: edit details, delete. */
export function PlaylistOwnerMenu({ playlist }: { playlist: Playlist }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePlaylist(playlist.id);
  return (
    <>
      <Menu trigger={<MoreOptionsButton name={playlist.name} size="md" />}>
        <MenuItem
          startIcon={<Pencil className="size-4" aria-hidden />}
          onSelect={() => setEditing(true)}
        >
          {t('Edit details')}
        </MenuItem>
        <MenuItem
          variant="danger"
          startIcon={<Trash2 className="size-4" aria-hidden />}
          onSelect={() => setDeleting(true)}
        >
          {t('Delete')}
        </MenuItem>
      </Menu>
      <PlaylistFormDialog open={editing} onOpenChange={setEditing} playlist={playlist} />
      <Dialog open={deleting} onOpenChange={setDeleting} size="sm">
        <DialogHeader>{t('Delete playlist?')}</DialogHeader>
        <DialogBody>
          <p className="text-sm text-fg-muted">
            {t('“{{name}}” will be deleted for you and everyone who follows it.', {
              name: playlist.name,
            })}
          </p>
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast.positive(t('Playlist deleted'));
                  void navigate('/library/playlists', { replace: true });
                },
                onError: (error) => showError(error, t),
              })
            }
          >
            {t('Delete')}
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

/**
 * Row menu items for the owner: remove, move up, move down. Moving needs the whole list
 * (the server takes the complete order), so it is offered once every page is loaded.
 */
export function usePlaylistRowItems(playlistId: number, tracks: Track[], allLoaded: boolean) {
  const { t } = useTranslation();
  const remove = useRemoveFromPlaylist(playlistId);
  const reorder = useReorderPlaylist(playlistId);

  const move = (index: number, by: -1 | 1) => {
    const ids = tracks.map((track) => track.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, { onError: (error) => showError(error, t) });
  };

  return function RowItems(track: Track, index: number) {
    return (
      <>
        <MenuItem
          startIcon={<X className="size-4" aria-hidden />}
          onSelect={() =>
            remove.mutate([track.id], {
              onSuccess: () => toast(t('Removed from this playlist')),
              onError: (error) => showError(error, t),
            })
          }
        >
          {t('Remove from this playlist')}
        </MenuItem>
        {allLoaded && index > 0 && (
          <MenuItem
            startIcon={<ArrowUp className="size-4" aria-hidden />}
            onSelect={() => move(index, -1)}
          >
            {t('Move up')}
          </MenuItem>
        )}
        {allLoaded && index < tracks.length - 1 && (
          <MenuItem
            startIcon={<ArrowDown className="size-4" aria-hidden />}
            onSelect={() => move(index, 1)}
          >
            {t('Move down')}
          </MenuItem>
        )}
      </>
    );
  };
}

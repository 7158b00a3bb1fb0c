import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useAuthUser } from '../../../api/bootstrap';
import { IconButton } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { useCurrentTrackDetails, useSetTrackLiked } from '../api/player-api';
import { useFirstSoundSettled } from '../state/player-store';

/** Saves the playing track to the listener's library; guests are sent to log in. */
export function TrackLikeButton({ trackId, size = 'sm' }: { trackId: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  const settled = useFirstSoundSettled();
  const details = useCurrentTrackDetails(trackId, user !== null && settled);
  const mutation = useSetTrackLiked(trackId);
  const liked = mutation.isPending ? Boolean(mutation.variables) : Boolean(details.data?.is_liked);

  return (
    <IconButton
      label={liked ? t('Remove from Liked songs') : t('Save to Liked songs')}
      aria-pressed={liked}
      size={size}
      radius="full"
      className={clsx(liked ? 'text-primary' : 'text-fg-muted hover:text-fg')}
      onClick={() => {
        if (!user) {
          void navigate('/login');
          return;
        }
        mutation.mutate(!liked, {
          onSuccess: () =>
            toast.positive(liked ? t('Removed from Liked songs') : t('Added to Liked songs')),
          onError: () => toast.danger(t('There was an issue. Please try again.')),
        });
      }}
    >
      <Heart size={18} className={clsx(liked && 'fill-current')} aria-hidden />
    </IconButton>
  );
}

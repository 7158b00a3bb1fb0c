import type { LikeableType } from '@cadenza/contracts/music';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useAuthUser } from '../../../../../api/bootstrap';
import { IconButton } from '../../../../../ui/button';
import { useSetLiked } from '../api/library-api';

/** A heart that saves the item to the user's library; guests are sent to log in. */
export function LikeButton({
  type,
  id,
  liked,
  size = 'sm',
  className,
}: {
  type: LikeableType;
  id: number;
  liked: boolean;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  const mutation = useSetLiked(type, id);
  const isLiked = mutation.isPending ? Boolean(mutation.variables) : liked;
  return (
    <IconButton
      label={isLiked ? t('Remove from your library') : t('Save to your library')}
      aria-pressed={isLiked}
      size={size}
      radius="full"
      className={clsx(isLiked ? 'text-primary' : 'text-fg-muted hover:text-fg', className)}
      onClick={(event) => {
        event.stopPropagation();
        if (!user) return void navigate('/login');
        mutation.mutate(!isLiked);
      }}
    >
      <Heart className={clsx('size-[1.1em]', isLiked && 'fill-current')} aria-hidden />
    </IconButton>
  );
}

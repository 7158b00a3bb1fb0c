import clsx from 'clsx';
import { useTranslation } from '../../../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useAuthUser } from '../../../../../api/bootstrap';
import { Button } from '../../../../../ui/button';

/** The mutation behind a follow button: it takes whether to follow. */
export interface FollowMutation {
  mutate: (follow: boolean) => void;
  isPending: boolean;
  variables: boolean | undefined;
}

/**
 * Follow / Following for an artist or a playlist. It shows the state asked for while the
 * request runs, so a click answers at once; guests are sent to log in.
 */
export function FollowButton({
  followed,
  mutation,
  className,
}: {
  followed: boolean;
  mutation: FollowMutation;
  className?: string;
}) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  const isFollowed = mutation.isPending ? Boolean(mutation.variables) : followed;
  return (
    <Button
      variant="outline"
      size="sm"
      radius="full"
      aria-pressed={isFollowed}
      className={clsx('border-fg-muted px-4 hover:border-fg hover:bg-transparent', className)}
      onClick={() => {
        if (!user) return void navigate('/login');
        mutation.mutate(!isFollowed);
      }}
    >
      {isFollowed ? t('Following') : t('Follow')}
    </Button>
  );
}

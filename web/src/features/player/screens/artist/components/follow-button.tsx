import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthUser } from '../../../../../app/bootstrap';
import { Button } from '../../../../../ui/button';
import { useSetFollowed } from '../../common/api/library-api';

export function FollowButton({ artistId, followed }: { artistId: number; followed: boolean }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  const mutation = useSetFollowed('artist', artistId);
  const isFollowed = mutation.isPending ? Boolean(mutation.variables) : followed;
  return (
    <Button
      variant="outline"
      size="sm"
      radius="full"
      aria-pressed={isFollowed}
      className="border-fg-muted px-4 hover:border-fg hover:bg-transparent hover:scale-[1.02]"
      onClick={() => {
        if (!user) return void navigate('/login');
        mutation.mutate(!isFollowed);
      }}
    >
      {isFollowed ? t('Following') : t('Follow')}
    </Button>
  );
}

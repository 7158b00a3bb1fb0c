import { useTranslation } from '../../../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useAuthUser } from '../../../../../api/bootstrap';
import { ApiError } from '../../../../../api/api-error';
import { Button } from '../../../../../ui/button';
import { toast } from '../../../../../ui/toast/toast-store';
import { useFollowUser } from '../api/user-profile-api';

/** Follow / Unfollow for someone else's profile; guests are sent to log in first. */
export function ProfileFollowButton({ userId, followed }: { userId: number; followed: boolean }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  const mutation = useFollowUser(userId);
  return (
    <Button
      variant={followed ? 'outline' : 'primary'}
      radius="full"
      size="sm"
      className="min-w-28 px-5"
      aria-pressed={followed}
      isLoading={mutation.isPending}
      onClick={() => {
        if (!user) return void navigate('/login');
        mutation.mutate(!followed, {
          onError: (error) =>
            toast.danger(
              (error instanceof ApiError && error.serverMessage) ||
                t('There was an issue. Please try again.'),
            ),
        });
      }}
    >
      {followed ? t('Unfollow') : t('Follow')}
    </Button>
  );
}

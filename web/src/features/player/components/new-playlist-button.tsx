import { Plus } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useAuthUser } from '../../../api/bootstrap';
import { Button } from '../../../ui/button';

/**
 * 'New playlist' in the side navigation. Guests are sent to log in; signed-in listeners go to
 * their playlists with the creation form requested (the library screen opens it).
 */
export function NewPlaylistButton() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size="xs"
      radius="full"
      startIcon={<Plus size={16} aria-hidden />}
      onClick={() =>
        void navigate(user ? '/library/playlists' : '/login', {
          state: user ? { createPlaylist: true } : undefined,
        })
      }
    >
      {t('New playlist')}
    </Button>
  );
}

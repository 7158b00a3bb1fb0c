import { UPGRADE_ACTION } from '@cadenza/contracts/http-constants';
import type { Track } from '@cadenza/contracts/music';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music-constants';
import clsx from 'clsx';
import { ArrowDownCircle, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../app/access';
import { useAuthUser } from '../../../api/bootstrap';
import { IconButton } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { removeOffline, saveOffline, useOfflineSupported, useSavedOffline } from './offline-audio';

/**
 * "Available offline" for an album or a playlist. Plans with `music.offline` save its tracks on
 * the device; anyone else is offered the plans that include it.
 */
export function OfflineButton({
  name,
  tracks,
}: {
  name: string;
  tracks: Track[] | (() => Promise<Track[]>);
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthUser();
  const allowed = usePermission(MUSIC_PERMISSIONS.offline);
  const known = Array.isArray(tracks) ? tracks.map((track) => track.id) : [];
  const saved = useSavedOffline(known);
  const supported = useOfflineSupported();
  const [busy, setBusy] = useState(false);
  if (!supported) return null;

  const toggle = async () => {
    if (!user) return void navigate('/login');
    if (!allowed) {
      toast(t('Offline listening comes with a plan that includes it.'), {
        action: { label: t(UPGRADE_ACTION.label), action: UPGRADE_ACTION.action },
      });
      return;
    }
    setBusy(true);
    try {
      const list = Array.isArray(tracks) ? tracks : await tracks();
      const ids = list.map((track) => track.id);
      if (saved) {
        await removeOffline(ids);
        toast(t('Removed from this device'));
      } else {
        toast.loading(t('Saving {{name}} for offline listening…', { name }), { id: 'offline' });
        await saveOffline(ids);
        toast.positive(t('{{name}} is available offline', { name }), { id: 'offline' });
      }
    } catch {
      toast.danger(t('Some songs could not be saved. Check your connection and try again.'), {
        id: 'offline',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <IconButton
      label={saved ? t('Remove from this device') : t('Available offline')}
      aria-pressed={saved}
      size="lg"
      radius="full"
      disabled={busy}
      className={clsx(saved ? 'text-primary' : 'text-fg-muted hover:text-fg')}
      onClick={() => void toggle()}
    >
      {saved ? <CheckCircle2 aria-hidden /> : <ArrowDownCircle aria-hidden />}
    </IconButton>
  );
}

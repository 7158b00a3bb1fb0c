import type { Track } from '@cadenza/contracts/music';
import { Radio } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { Button } from '../../../../../ui/button';
import { toast } from '../../../../../ui/toast/toast-store';
import { startRadio } from '../player-bridge';

/** "Start radio" in an album's or an artist's header: the queue becomes their radio. */
export function StartRadioButton({
  seed,
  id,
  first,
}: {
  seed: 'album' | 'artist';
  id: number;
  /** Played before the radio (an album's own tracks). */
  first?: Track[];
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="outline"
      radius="full"
      startIcon={<Radio className="size-4" aria-hidden />}
      isLoading={pending}
      onClick={() => {
        setPending(true);
        startRadio(seed, id, first)
          .catch(() => toast(t('The radio could not be started. Try again.')))
          .finally(() => setPending(false));
      }}
    >
      {t('Start radio')}
    </Button>
  );
}

import type { Mix } from '@cadenza/contracts/radio';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useAuthUser } from '../../../../api/bootstrap';
import { useTranslation } from '../../../../i18n/use-translation';
import { Spinner } from '../../../../ui/spinner';
import { toast } from '../../../../ui/toast/toast-store';
import { fetchMix, useMixes } from '../../api/radio-api';
import { CARD_GRID, CardGridSkeleton } from '../common/components/cover-card';
import { CoverImage } from '../common/components/cover-image';
import { TrackTable } from '../common/components/track-table';
import { playTracks } from '../common/player-bridge';

/**
 * "Made for you" on discover: the listener's daily mixes, or the trending tracks for one who has
 * not listened yet. Guests do not see it.
 */
export function MadeForYou() {
  const user = useAuthUser();
  const { t } = useTranslation();
  const { data, isPending, isError } = useMixes(user !== null);
  if (!user || isError) return null;
  return (
    <section aria-labelledby="made-for-you" className="mt-6">
      <h2 id="made-for-you" className="mb-4 text-2xl font-bold">
        {t('Made for you')}
      </h2>
      {isPending ? (
        <CardGridSkeleton count={4} />
      ) : data.mixes.length > 0 ? (
        <ul className={CARD_GRID}>
          {data.mixes.map((mix, index) => (
            <li key={mix.id}>
              <MixCard mix={mix} number={index + 1} />
            </li>
          ))}
        </ul>
      ) : data.trending.length > 0 ? (
        <>
          <p className="mb-2 text-sm text-fg-muted">
            {t('Trending now. Listen to a few songs and your daily mixes will appear here.')}
          </p>
          <TrackTable
            tracks={data.trending.slice(0, 10)}
            context={{ type: 'channel', id: 'trending' }}
            label={t('Trending now')}
          />
        </>
      ) : null}
    </section>
  );
}

/** A mix's cover: pressing it plays the mix. */
function MixCard({ mix, number }: { mix: Mix; number: number }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const name = t('Daily Mix {{number}}', { number });
  const play = () => {
    setPending(true);
    fetchMix(mix.id)
      .then((full) => {
        if (full.tracks?.length) playTracks(full.tracks, 0, { type: 'radio', id: `mix-${mix.id}` });
      })
      .catch(() => toast(t('The mix could not be played. Try again.')))
      .finally(() => setPending(false));
  };
  return (
    <button
      type="button"
      onClick={play}
      disabled={pending}
      aria-label={t('Play {{name}}', { name })}
      className="group flex w-full min-w-0 flex-col gap-2 rounded-lg p-2 text-start transition-colors hover:bg-bg-hover md:p-3"
    >
      <span className="relative block">
        <CoverImage src={mix.image} sizes="(min-width: 640px) 220px, 42vw" className="w-full" />
        <span className="absolute end-2 bottom-2 flex size-10 items-center justify-center rounded-full bg-primary text-primary-fg opacity-100 transition duration-200 ease-out md:opacity-0 md:group-hover:opacity-100 md:group-focus-visible:opacity-100">
          {pending ? <Spinner size="sm" /> : <Play className="size-5 fill-current" aria-hidden />}
        </span>
      </span>
      <span className="block truncate text-sm font-semibold">{name}</span>
      <span className="line-clamp-2 text-sm text-fg-muted">{mix.description}</span>
    </button>
  );
}

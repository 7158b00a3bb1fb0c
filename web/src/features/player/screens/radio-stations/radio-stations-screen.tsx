import type { RadioStation } from '@cadenza/contracts/radio-stations';
import { ExternalLink, Pause, Play } from 'lucide-react';
import { useTranslation } from '../../../../i18n/use-translation';
import { IconButton } from '../../../../ui/button';
import { CardGridSkeleton, CARD_GRID } from '../common/components/cover-card';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError } from '../common/components/screen-states';
import { useRadioStations } from '../../radio/radio-api';
import { StationCover } from '../../radio/radio-bar';
import { radio, useRadio } from '../../radio/radio-store';

/** /radio-stations: the internet radio stations the admins added, each played live. */
export function RadioStationsScreen() {
  const { t } = useTranslation();
  const stations = useRadioStations();
  return (
    <ScreenLayout>
      <h1 className="pt-8 pb-6 text-3xl font-bold tracking-tight">{t('Radio stations')}</h1>
      {stations.isPending ? (
        <div aria-busy>
          <CardGridSkeleton count={6} />
        </div>
      ) : stations.isError ? (
        <LoadError error={stations.error} onRetry={() => void stations.refetch()} />
      ) : stations.data.length === 0 ? (
        <EmptyMessage>{t('No radio stations yet: the site’s admins add them.')}</EmptyMessage>
      ) : (
        <ul className={CARD_GRID} aria-label={t('Radio stations')}>
          {stations.data.map((station) => (
            <li key={station.id}>
              <StationCard station={station} />
            </li>
          ))}
        </ul>
      )}
    </ScreenLayout>
  );
}

export function StationCard({ station }: { station: RadioStation }) {
  const { t } = useTranslation();
  const current = useRadio();
  const playing = current.station?.id === station.id && current.playing;
  return (
    <div className="group relative flex min-w-0 flex-col gap-2 rounded-lg p-2 transition-colors hover:bg-bg-hover md:p-3">
      <div className="relative">
        {/* The cover fills the card's column, square. */}
        <div className="[&>*]:!h-auto [&>*]:!w-full">
          <StationCover station={station} size={220} />
        </div>
        <div className="absolute end-2 bottom-2">
          <IconButton
            label={
              playing
                ? t('Pause {{name}}', { name: station.name })
                : t('Play {{name}}', { name: station.name })
            }
            radius="full"
            className="bg-primary text-primary-fg shadow-overlay hover:bg-primary/90"
            onClick={() => (playing ? radio.toggle() : radio.play(station))}
          >
            {playing ? (
              <Pause size={20} className="fill-current" aria-hidden />
            ) : (
              <Play size={20} className="fill-current" aria-hidden />
            )}
          </IconButton>
        </div>
      </div>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{station.name}</p>
        {station.homepage_url && (
          <a
            href={station.homepage_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg hover:underline"
          >
            {t('Website')}
            <ExternalLink size={12} aria-hidden />
          </a>
        )}
      </div>
    </div>
  );
}

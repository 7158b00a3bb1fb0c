import { ChevronDown, ListMusic, MicVocal } from 'lucide-react';
import { useState } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { useImageTint } from '../screens/common/use-image-tint';
import { trackImage } from '../state/playback-engine';
import { player, usePlayerStore } from '../state/player-store';
import { NowPlayingLyrics } from './lyrics-panel';
import { SeekBar } from './seek-bar';
import { PlaybackSpeedControl, SleepTimerControl } from './sleep-timer-control';
import { TrackLikeButton } from './track-like-button';
import { ArtistLinks, TrackCover } from './track-summary';
import { TransportControls } from './transport-controls';
import { VolumeControl } from './volume-control';
import { useAuthUser } from '../../../api/bootstrap';
import { DevicesButton } from '../devices/devices-popover';

/**
 * The maximized player: a large cover, the title and artists, and the transport. Built on the
 * dialog primitive for its focus trap and Escape; the design system's Dialog frames content in a
 * card, which a full-bleed player does not want.
 */
export function FullscreenPlayer({ onShowQueue }: { onShowQueue: () => void }) {
  const { t } = useTranslation();
  const maximized = usePlayerStore((s) => s.maximized);
  const track = usePlayerStore((s) => s.currentTrack);
  // The screen takes the colour of the cover, as the players people know do.
  const tint = useImageTint(track ? trackImage(track) : null);
  // The lyrics take the cover's place, as in the players people know.
  const [showLyrics, setShowLyrics] = useState(false);
  const signedIn = useAuthUser() !== null;

  return (
    <RadixDialog.Root open={maximized && track !== null} onOpenChange={player.setMaximized}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-40 isolate flex flex-col overflow-y-auto bg-bg text-fg outline-none data-[state=open]:animate-fade-in"
        >
          {track && (
            <>
              <div
                aria-hidden
                className="pointer-events-none fixed inset-0 -z-10 transition-[background] duration-200"
                style={{
                  background: `linear-gradient(180deg, color-mix(in srgb, ${tint} 70%, var(--bg)) 0%, var(--bg) 80%)`,
                }}
              />
              <div className="flex items-center justify-between px-4 pt-4 sm:px-8 sm:pt-6">
                <RadixDialog.Close asChild>
                  <IconButton label={t('Exit full screen')} size="md" radius="full">
                    <ChevronDown size={24} aria-hidden />
                  </IconButton>
                </RadixDialog.Close>
                <RadixDialog.Title className="text-xs font-semibold tracking-widest text-fg-muted uppercase">
                  {t('Now playing')}
                </RadixDialog.Title>
                <div className="flex items-center gap-1">
                  <IconButton
                    label={showLyrics ? t('Hide lyrics') : t('Show lyrics')}
                    aria-pressed={showLyrics}
                    size="md"
                    radius="full"
                    className={showLyrics ? 'text-primary' : undefined}
                    onClick={() => setShowLyrics((shown) => !shown)}
                  >
                    <MicVocal size={22} aria-hidden />
                  </IconButton>
                  <IconButton
                    label={t('Show queue')}
                    size="md"
                    radius="full"
                    onClick={() => {
                      player.setMaximized(false);
                      onShowQueue();
                    }}
                  >
                    <ListMusic size={22} aria-hidden />
                  </IconButton>
                  {signedIn && <DevicesButton />}
                </div>
              </div>
              <div className="mx-auto flex w-full max-w-[560px] flex-1 flex-col justify-center gap-6 px-6 py-6">
                {showLyrics ? (
                  <section
                    aria-label={t('Lyrics')}
                    className="h-[min(480px,44dvh)] overflow-y-auto rounded-lg bg-bg/40 p-6"
                  >
                    <NowPlayingLyrics />
                  </section>
                ) : (
                  <TrackCover
                    track={track}
                    className="mx-auto w-full max-w-[min(480px,44dvh)] rounded-lg shadow-overlay"
                  />
                )}
                <div className="flex items-center gap-4">
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <p className="truncate text-2xl font-bold sm:text-3xl">{track.name}</p>
                    <ArtistLinks track={track} className="text-base text-fg-muted" />
                  </div>
                  <TrackLikeButton trackId={track.id} size="md" />
                </div>
                <SeekBar />
                <TransportControls size="lg" />
                <div className="flex items-center justify-center gap-2">
                  <PlaybackSpeedControl size="md" />
                  <SleepTimerControl size="md" />
                </div>
                <div className="hidden justify-center sm:flex">
                  <VolumeControl />
                </div>
              </div>
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

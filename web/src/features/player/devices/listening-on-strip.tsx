import type { Device } from '@cadenza/contracts/devices';
import { MonitorSpeaker, Pause } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button, IconButton } from '../../../ui/button';
import { usePlayerStore } from '../state/player-store';
import { sendDeviceCommand } from './device-commands';
import { DevicesButton } from './devices-popover';
import { useDevices } from './devices-store';
import { refreshDevices, thisDeviceId } from './use-device-link';

/**
 * "Listening on <device>": shown above the player bar while another of the listener's players
 * plays and this one does not, with its play/pause and a way to bring the music here.
 */
export function ListeningOnStrip() {
  const { t } = useTranslation();
  const { devices } = useDevices();
  const playingHere = usePlayerStore((s) => s.isPlaying);
  const hasTrack = usePlayerStore((s) => s.currentTrack !== null);
  const elsewhere = devices.find((d) => d.id !== thisDeviceId && d.is_playing && d.track);
  if (!elsewhere || playingHere) return null;
  const send = (device: Device, action: 'pause' | 'transfer') =>
    void sendDeviceCommand(
      device,
      action,
      undefined,
      t('The device could not be reached. Please try again.'),
      refreshDevices,
    );
  const here = devices.find((d) => d.id === thisDeviceId);

  return (
    <div
      data-testid="listening-on"
      className="flex items-center gap-2 bg-primary px-3 py-1 text-sm text-primary-fg"
    >
      {/* A phone's bar has no Devices button until something is in it: the strip has one. */}
      {hasTrack ? (
        <MonitorSpeaker size={16} aria-hidden className="shrink-0" />
      ) : (
        <>
          <MonitorSpeaker size={16} aria-hidden className="hidden shrink-0 min-[769px]:block" />
          <DevicesButton className="-ms-2 !text-primary-fg min-[769px]:hidden" />
        </>
      )}
      <p className="min-w-0 flex-1 truncate" aria-live="polite">
        {t('Listening on {{device}}', { device: elsewhere.name })}
        {elsewhere.track && <span className="opacity-80"> · {elsewhere.track.name}</span>}
      </p>
      <IconButton
        label={t('Pause on {{name}}', { name: elsewhere.name })}
        size="2xs"
        radius="full"
        className="!text-primary-fg"
        onClick={() => send(elsewhere, 'pause')}
      >
        <Pause size={14} className="fill-current" aria-hidden />
      </IconButton>
      {here && (
        <Button
          size="xs"
          variant="outline"
          className="shrink-0 !border-primary-fg/60 !text-primary-fg"
          onClick={() => send(here, 'transfer')}
        >
          {t('Play here')}
        </Button>
      )}
    </div>
  );
}

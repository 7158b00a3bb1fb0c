import type { Device, DeviceAction } from '@cadenza/contracts/devices';
import clsx from 'clsx';
import {
  Laptop,
  MonitorSpeaker,
  Pause,
  Play,
  SkipBack,
  SkipForward,
  Smartphone,
  Tablet,
  Volume2,
} from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { formatTime } from '../../../i18n/durations';
import { useTranslation } from '../../../i18n/use-translation';
import { Button, IconButton } from '../../../ui/button';
import { Popover } from '../../../ui/popover';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast/toast-store';
import { RangeSlider } from '../components/range-slider';
import { sendDeviceCommand } from './device-commands';
import { positionNow, useDevices } from './devices-store';
import { refreshDevices, thisDeviceId } from './use-device-link';

const ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet } as const;

/** A clock that ticks each second while `active`, for positions that move on as they play. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The player bar's "Devices" button and its list of the listener's open players. */
export function DevicesButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { devices } = useDevices();
  const elsewhere = devices.some((d) => d.id !== thisDeviceId && d.is_playing);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refreshDevices();
      }}
      side="top"
      align="end"
      aria-label={t('Devices')}
      className="w-[min(380px,calc(100vw-32px))] p-0"
      trigger={
        <IconButton
          label={t('Devices')}
          size="sm"
          radius="full"
          data-testid="devices-button"
          className={clsx(
            elsewhere || open ? 'text-primary' : 'text-fg-muted hover:text-fg',
            className,
          )}
        >
          <MonitorSpeaker size={18} aria-hidden />
        </IconButton>
      }
    >
      {open && <DevicesList />}
    </Popover>
  );
}

/** Every open player: what it plays, and for the others, controls and "play there". */
export function DevicesList() {
  const { t } = useTranslation();
  const { devices, receivedAt, loaded, failed } = useDevices();
  const now = useNow(devices.some((d) => d.is_playing));
  // This page first, then the others as the server orders them (the most recently heard first).
  const sorted = [
    ...devices.filter((d) => d.id === thisDeviceId),
    ...devices.filter((d) => d.id !== thisDeviceId),
  ];
  const somethingElsewhere = devices.some((d) => d.id !== thisDeviceId && d.track);

  return (
    <div data-testid="devices-popover">
      <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">{t('Devices')}</h2>
      {!loaded && !failed ? (
        <div className="flex justify-center p-6">
          <Spinner label={t('Loading')} />
        </div>
      ) : failed && !loaded ? (
        <div className="p-4 text-sm text-fg-muted">
          <p>{t('Your devices could not be loaded.')}</p>
          <Button
            size="sm"
            variant="outline"
            className="mt-2"
            onClick={() => void refreshDevices()}
          >
            {t('Try again')}
          </Button>
        </div>
      ) : sorted.length <= 1 && !somethingElsewhere ? (
        <p className="p-4 text-sm text-fg-muted">
          {t('Open the player in another browser or on your phone to control it from here.')}
        </p>
      ) : null}
      {loaded && sorted.length > 0 && (
        <ul className="max-h-[min(480px,60vh)] divide-y divide-border overflow-y-auto">
          {sorted.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              positionMs={positionNow(device, receivedAt, now)}
              canTakeOver={somethingElsewhere}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeviceRow({
  device,
  positionMs,
  canTakeOver,
}: {
  device: Device;
  positionMs: number;
  canTakeOver: boolean;
}) {
  const { t } = useTranslation();
  const mine = device.id === thisDeviceId;
  const Icon = ICONS[device.type];
  const send = (action: DeviceAction, value?: number) =>
    void sendDeviceCommand(
      device,
      action,
      value,
      t('The device could not be reached. Please try again.'),
      refreshDevices,
    );
  const track = device.track;
  const status = device.is_playing ? t('Playing') : t('Paused');

  return (
    <li
      className={clsx('space-y-2 px-4 py-3', device.is_playing && 'bg-primary/5')}
      data-testid="device-row"
      data-device={mine ? 'this' : 'other'}
      aria-label={mine ? t('{{name}} (this device)', { name: device.name }) : device.name}
    >
      <div className="flex items-center gap-3">
        <Icon
          size={20}
          aria-hidden
          className={clsx('shrink-0', device.is_playing ? 'text-primary' : 'text-fg-muted')}
        />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 text-sm font-medium">
            <span className="truncate">{device.name}</span>
            {mine && (
              <span className="shrink-0 rounded-full bg-fg/10 px-2 py-0.5 text-xs text-fg-muted">
                {t('This device')}
              </span>
            )}
          </p>
          <p className="truncate text-xs text-fg-muted" data-testid="device-now-playing">
            {track
              ? `${status} · ${track.name} · ${track.artists.map((a) => a.name).join(', ')}`
              : t('Nothing playing')}
          </p>
        </div>
      </div>
      {!mine && track && <RemoteControls device={device} positionMs={positionMs} send={send} />}
      {!device.is_playing && (mine ? canTakeOver : true) && (
        <Button
          size="sm"
          variant="outline"
          className="w-full"
          disabled={!mine && !track && !canTakeOver}
          onClick={() => send('transfer')}
        >
          {mine ? t('Play on this device') : t('Play on {{name}}', { name: device.name })}
        </Button>
      )}
    </li>
  );
}

/** How long a value sent to a device is shown while the device has not reported it. */
const SENT_SHOWN_MS = 3000;

/**
 * The value last sent to another device, shown until the device reports it, then what it reports.
 * Another key press moves on from what was sent: from the report, lagging a round trip behind,
 * presses close together were lost. A device that never reports it within a few seconds (closed
 * meanwhile, or a phone whose volume only its own buttons set) is shown as it is again, and
 * `onUnapplied` says so.
 */
function useSentValue(
  reported: number,
  caughtUp: (sent: number, reported: number) => boolean,
  onUnapplied: () => void,
) {
  const [sent, setSent] = useState<number | null>(null);
  if (sent !== null && caughtUp(sent, reported)) setSent(null);
  const unapplied = useEffectEvent(onUnapplied);
  useEffect(() => {
    if (sent === null) return;
    const timer = setTimeout(() => {
      setSent(null);
      unapplied();
    }, SENT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [sent]);
  return [sent ?? reported, setSent] as const;
}

/** A remote position has caught up with a seek once it is within this much of it. */
const SEEK_CAUGHT_UP_MS = 1500;

function RemoteControls({
  device,
  positionMs,
  send,
}: {
  device: Device;
  positionMs: number;
  send: (action: DeviceAction, value?: number) => void;
}) {
  const { t } = useTranslation();
  const duration = device.track?.duration_ms ?? 0;
  const [dragMs, setDragMs] = useState<number | null>(null);
  const [volume, setVolume] = useState<number | null>(null);
  const unapplied = () => toast(t('{{name}} did not apply the change.', { name: device.name }));
  const [remoteMs, setSentMs] = useSentValue(
    positionMs,
    (sent, reported) => Math.abs(sent - reported) < SEEK_CAUGHT_UP_MS,
    unapplied,
  );
  const [remoteVolume, setSentVolume] = useSentValue(
    Math.round(device.volume * 100),
    (sent, reported) => sent === reported,
    unapplied,
  );
  const shownMs = dragMs ?? remoteMs;
  const shownVolume = volume ?? remoteVolume;

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-1">
        <IconButton
          label={t('Previous on {{name}}', { name: device.name })}
          size="xs"
          radius="full"
          onClick={() => send('previous')}
        >
          <SkipBack size={16} className="fill-current" aria-hidden />
        </IconButton>
        <IconButton
          label={
            device.is_playing
              ? t('Pause on {{name}}', { name: device.name })
              : t('Play on {{name}}', { name: device.name })
          }
          size="xs"
          radius="full"
          variant="primary"
          className="!bg-fg !text-bg"
          onClick={() => send(device.is_playing ? 'pause' : 'play')}
        >
          {device.is_playing ? (
            <Pause size={14} className="fill-current" aria-hidden />
          ) : (
            <Play size={14} className="fill-current" aria-hidden />
          )}
        </IconButton>
        <IconButton
          label={t('Next on {{name}}', { name: device.name })}
          size="xs"
          radius="full"
          onClick={() => send('next')}
        >
          <SkipForward size={16} className="fill-current" aria-hidden />
        </IconButton>
        <Volume2 size={16} aria-hidden className="ms-auto shrink-0 text-fg-muted" />
        <RangeSlider
          className="w-24"
          label={t('Volume on {{name}}', { name: device.name })}
          value={shownVolume}
          max={100}
          valueText={`${shownVolume}%`}
          onChange={setVolume}
          onCommit={(value) => {
            setVolume(null);
            setSentVolume(value);
            send('volume', value / 100);
          }}
        />
      </div>
      <div className="flex items-center gap-2 text-xs text-fg-muted">
        <span className="w-9 text-end tabular-nums">{formatTime(shownMs)}</span>
        <RangeSlider
          className="flex-1"
          label={t('Seek on {{name}}', { name: device.name })}
          value={shownMs}
          max={duration}
          step={1000}
          valueText={t('{{elapsed}} of {{total}}', {
            elapsed: formatTime(shownMs),
            total: formatTime(duration),
          })}
          onChange={setDragMs}
          onCommit={(ms) => {
            setDragMs(null);
            setSentMs(ms);
            send('seek', Math.round(ms / 1000));
          }}
        />
        <span className="w-9 tabular-nums">{formatTime(duration)}</span>
      </div>
    </div>
  );
}

import type { Device } from '@cadenza/contracts/devices';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { mockApi } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { DevicesList } from './devices-popover';
import { devicesStore } from './devices-store';
import { ListeningOnStrip } from './listening-on-strip';
import { thisDeviceId } from './use-device-link';

const device = (id: string, patch: Partial<Device> = {}): Device => ({
  id,
  name: 'Firefox on Windows',
  type: 'desktop',
  track: null,
  is_playing: false,
  position_ms: 0,
  volume: 1,
  last_seen_at: new Date().toISOString(),
  ...patch,
});

const song = {
  id: 7,
  name: 'Silver Lanterns',
  duration_ms: 200_000,
  artists: [{ id: 1, name: 'Neon Harbor' }],
  image: null,
};

afterEach(() => {
  resetScreenState();
  devicesStore.received([]);
});

function Both() {
  return (
    <>
      <ListeningOnStrip />
      <DevicesList />
    </>
  );
}

/**
 * The devices list and the strip, with this browser and `other` open: commands to `other` are
 * accepted, and the list read again is empty.
 */
function showDevices(other: Device) {
  const api = mockApi()
    .on(`POST /api/v1/me/devices/${other.id}/commands`, { message: 'Sent.' }, 202)
    .on('GET /api/v1/me/devices', { devices: [] });
  devicesStore.received([device(thisDeviceId, { name: 'Chrome on Linux' }), other]);
  renderScreen('*', '/', Both, makeBootstrap({ user: makeUser() }));
  return api;
}

describe('devices', () => {
  it('marks this device, shows what plays elsewhere, and steers it', async () => {
    const api = showDevices(
      device('web-laptop', { track: song, is_playing: true, position_ms: 61_000, volume: 0.5 }),
    );

    const mine = await screen.findByRole('listitem', { name: 'Chrome on Linux (this device)' });
    expect(within(mine).getByText('This device')).toBeTruthy();
    const other = screen.getByRole('listitem', { name: 'Firefox on Windows' });
    expect(within(other).getByTestId('device-now-playing').textContent).toBe(
      'Playing · Silver Lanterns · Neon Harbor',
    );
    expect(screen.getByTestId('listening-on').textContent).toContain(
      'Listening on Firefox on Windows',
    );

    fireEvent.click(within(other).getByRole('button', { name: 'Pause on Firefox on Windows' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/me/devices/web-laptop/commands')).toHaveLength(1),
    );
    expect(api.calls.at(-1)?.body).toEqual({ action: 'pause' });
    // Paused at once in the list, and the strip goes.
    expect(within(other).getByTestId('device-now-playing').textContent).toMatch(/^Paused/);
    expect(screen.queryByTestId('listening-on')).toBeNull();
  });

  it('moves a remote volume on from what was sent, before the device reports it', async () => {
    const api = showDevices(device('web-laptop', { track: song, is_playing: true, volume: 1 }));
    const volume = await screen.findByRole('slider', { name: 'Volume on Firefox on Windows' });
    const report = (level: number) =>
      act(() =>
        devicesStore.received([
          device(thisDeviceId, { name: 'Chrome on Linux' }),
          device('web-laptop', { track: song, is_playing: true, volume: level }),
        ]),
      );
    fireEvent.keyDown(volume, { key: 'PageDown' });
    fireEvent.keyDown(volume, { key: 'PageDown' });
    // The device reports the first press late, after the second was sent: the third moves on
    // from the second, not from that report.
    report(0.9);
    expect(volume.getAttribute('aria-valuetext')).toBe('80%');
    fireEvent.keyDown(volume, { key: 'PageDown' });
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/me/devices/web-laptop/commands')).toHaveLength(3),
    );
    expect(api.callsTo('POST /api/v1/me/devices/web-laptop/commands').map((c) => c.body)).toEqual([
      { action: 'volume', value: 0.9 },
      { action: 'volume', value: 0.8 },
      { action: 'volume', value: 0.7 },
    ]);
    expect(volume.getAttribute('aria-valuetext')).toBe('70%');
    // Once the device has caught up, what it reports is shown.
    report(0.7);
    report(0.5);
    expect(volume.getAttribute('aria-valuetext')).toBe('50%');
  });

  it('says when a device did not apply what was sent, and shows it as it is again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const phone = device('web-phone', {
        name: 'Safari on iPhone',
        type: 'mobile',
        track: song,
        is_playing: true,
        volume: 1,
      });
      showDevices(phone);
      const volume = await screen.findByRole('slider', { name: 'Volume on Safari on iPhone' });
      fireEvent.keyDown(volume, { key: 'PageDown' });
      expect(volume.getAttribute('aria-valuetext')).toBe('90%');
      // The phone keeps reporting its own volume: its buttons alone set it.
      act(() => devicesStore.received([device(thisDeviceId), { ...phone }]));
      expect(currentToast()).toBeUndefined();
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(volume.getAttribute('aria-valuetext')).toBe('100%');
      expect(currentToast()).toMatchObject({
        message: 'Safari on iPhone did not apply the change.',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why a command failed', async () => {
    mockApi()
      .on(
        `POST /api/v1/me/devices/${thisDeviceId}/commands`,
        { message: 'That device is not open any more, or it is not yours.' },
        404,
      )
      .on('GET /api/v1/me/devices', { devices: [] });
    devicesStore.received([device(thisDeviceId), device('web-laptop', { track: song })]);
    renderScreen('*', '/', DevicesList, makeBootstrap({ user: makeUser() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Play on this device' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        message: 'That device is not open any more, or it is not yours.',
        type: 'danger',
      }),
    );
    // The list is read again: the device is gone.
    await screen.findByText(
      'Open the player in another browser or on your phone to control it from here.',
    );
  });
});

import { useEffect } from 'react';
import { useAuthUser } from '../../../api/bootstrap';
import { playerStore } from '../state/player-store';
import { newDeviceId, startDeviceLink } from './device-link';
import { serverDevicesApi } from './devices-api';
import { devicesStore } from './devices-store';

/** This page's id among the listener's devices. */
export const thisDeviceId = typeof crypto === 'undefined' ? 'web-server' : newDeviceId();

/** The list is asked again this often, so a player that closed without a word leaves it. */
const REFRESH_MS = 15_000;

export function refreshDevices(): Promise<void> {
  return serverDevicesApi
    .list()
    .then((devices) => devicesStore.received(devices))
    .catch(() => devicesStore.failed());
}

/** A signed-in listener's player joins their devices while the player is open. */
export function useDeviceLink(): void {
  const userId = useAuthUser()?.id;
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const stop = startDeviceLink(playerStore, serverDevicesApi, {
      deviceId: thisDeviceId,
      onDevices: (devices) => devicesStore.received(devices),
      onConnected: () => void refreshDevices(),
    });
    const refresh = setInterval(() => void refreshDevices(), REFRESH_MS);
    return () => {
      stop();
      clearInterval(refresh);
    };
  }, [userId]);
}

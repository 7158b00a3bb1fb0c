import type { Device } from '@cadenza/contracts/devices';
import { useSyncExternalStore } from 'react';

export interface DevicesState {
  devices: Device[];
  /** When the list came (this page's clock): positions of players move on from then. */
  receivedAt: number;
  loaded: boolean;
  failed: boolean;
}

/** The listener's open players as this page last heard of them. */
export function createDevicesStore() {
  let state: DevicesState = { devices: [], receivedAt: 0, loaded: false, failed: false };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<DevicesState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    received(devices: Device[]) {
      set({ devices, receivedAt: Date.now(), loaded: true, failed: false });
    },
    failed() {
      set({ failed: true });
    },
    /** Shows a command's effect at once; the player's own report confirms it. */
    patch(deviceId: string, patch: Partial<Device>) {
      set({ devices: state.devices.map((d) => (d.id === deviceId ? { ...d, ...patch } : d)) });
    },
  };
}

export const devicesStore = createDevicesStore();

export function useDevices(): DevicesState {
  return useSyncExternalStore(devicesStore.subscribe, devicesStore.getState, devicesStore.getState);
}

/** Where a device's track is now: its reported position, moved on while it plays. */
export function positionNow(device: Device, receivedAt: number, now: number): number {
  if (!device.is_playing) return device.position_ms;
  const moved = device.position_ms + Math.max(0, now - receivedAt);
  return device.track ? Math.min(moved, device.track.duration_ms) : moved;
}

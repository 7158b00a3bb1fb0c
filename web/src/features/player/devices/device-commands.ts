import type { Device, DeviceAction } from '@cadenza/contracts/devices';
import { isApiError } from '../../../api/api-error';
import { toast } from '../../../ui/toast/toast-store';
import { serverDevicesApi } from './devices-api';
import { devicesStore } from './devices-store';

/** What each command changes in the list at once, before the player's report confirms it. */
function expected(action: DeviceAction, value: number | undefined): Partial<Device> {
  if (action === 'play') return { is_playing: true };
  if (action === 'pause') return { is_playing: false };
  if (action === 'volume' && value !== undefined) return { volume: value };
  if (action === 'seek' && value !== undefined) return { position_ms: value * 1000 };
  return {};
}

/**
 * Sends a command to one of the listener's players. A failure says why (the server's message:
 * the device closed meanwhile, nothing to move) and the list is asked again.
 */
export async function sendDeviceCommand(
  device: Device,
  action: DeviceAction,
  value: number | undefined,
  fallbackMessage: string,
  refresh: () => Promise<void>,
): Promise<void> {
  const patch = expected(action, value);
  if (Object.keys(patch).length > 0) devicesStore.patch(device.id, patch);
  try {
    await serverDevicesApi.command(device.id, action, value);
  } catch (error) {
    toast.danger((isApiError(error) && error.serverMessage) || fallbackMessage);
    await refresh();
  }
}

import type { Device, DeviceAction } from '@cadenza/contracts/devices';
import { isApiError } from '../../../api/api-error';
import { toast } from '../../../ui/toast/toast-store';
import { serverDevicesApi } from './devices-api';
import { devicesStore } from './devices-store';

/**
 * What each command changes in the list at once, before the player's report confirms it. A
 * volume or a position sent is shown by the slider that sent it until the player reports it.
 */
function expected(action: DeviceAction): Partial<Device> {
  if (action === 'play') return { is_playing: true };
  if (action === 'pause') return { is_playing: false };
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
  const patch = expected(action);
  if (Object.keys(patch).length > 0) devicesStore.patch(device.id, patch);
  try {
    await serverDevicesApi.command(device.id, action, value);
  } catch (error) {
    toast.danger((isApiError(error) && error.serverMessage) || fallbackMessage);
    await refresh();
  }
}

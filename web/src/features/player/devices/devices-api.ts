import type { Device, DeviceAction, DeviceReport } from '@cadenza/contracts/devices';
import { apiClient } from '../../../api/client';

/** What the player's device link needs of the server. */
export interface DevicesApi {
  list(): Promise<Device[]>;
  report(deviceId: string, body: DeviceReport): Promise<unknown>;
  command(deviceId: string, action: DeviceAction, value?: number): Promise<{ message: string }>;
}

export const serverDevicesApi: DevicesApi = {
  list: () => apiClient.get<{ devices: Device[] }>('me/devices').then((r) => r.devices),
  report: (deviceId, body) => apiClient.put(`me/devices/${deviceId}`, body),
  command: (deviceId, action, value) =>
    apiClient.post<{ message: string }>(`me/devices/${deviceId}/commands`, {
      action,
      ...(value === undefined ? {} : { value }),
    }),
};

/** The live stream this player opens to hear its commands and the other players' changes. */
export const DEVICE_STREAM_URL = '/api/v1/notifications/stream';

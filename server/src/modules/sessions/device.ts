import { UAParser } from 'ua-parser-js';

export interface Device {
  device_type: 'mobile' | 'tablet' | 'desktop';
  platform: string | null;
  browser: string | null;
}

/** What a session list shows of a user agent: the kind of device, its system and browser. */
export function describeDevice(userAgent: string | null | undefined): Device {
  const result = UAParser(userAgent ?? '');
  const type = result.device.type;
  return {
    device_type: type === 'mobile' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop',
    platform: result.os.name ?? null,
    browser: result.browser.name ?? null,
  };
}

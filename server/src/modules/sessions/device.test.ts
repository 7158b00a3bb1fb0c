import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.js';

describe('describeDevice', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ device_type: 'mobile', platform: 'Android', browser: 'Mobile Chrome' });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ device_type: 'tablet', platform: 'iOS' });
    expect(
      describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) Gecko/20100101 Firefox/125.0'),
    ).toEqual({ device_type: 'desktop', platform: 'macOS', browser: 'Firefox' });
  });

  it('falls back to a desktop without names for unknown agents', () => {
    expect(describeDevice(null)).toEqual({ device_type: 'desktop', platform: null, browser: null });
    expect(describeDevice('curl/8.5.0')).toMatchObject({ device_type: 'desktop', platform: null });
  });
});

import path from 'node:path';
import maxmind from 'maxmind';
import { describe, expect, it } from 'vitest';
import { GEOLITE2_DIR, geoLite2Lookup, isPublicAddress } from './geo.js';
import { MmdbFile } from './mmdb-file.js';

describe('geoLite2Lookup', () => {
  const geo = geoLite2Lookup();

  it('places public addresses of both families', async () => {
    expect((await geo.locate('8.8.8.8')).country).toBe('US');
    expect((await geo.locate('2001:4860:4860::8888')).country).toBe('US');
    expect((await geo.locate('::ffff:8.8.8.8')).country).toBe('US');
  });

  it('has no place for private, loopback and missing addresses', async () => {
    for (const ip of ['127.0.0.1', '10.1.1.1', '192.168.0.2', '::1', null, 'garbage']) {
      expect(await geo.locate(ip)).toEqual({ city: null, country: null });
    }
    expect(isPublicAddress('::ffff:192.168.0.1')).toBe(false);
  });
});

describe('MmdbFile', () => {
  it('reads the same records as the maxmind reader', async () => {
    for (const [kind, ips] of [
      ['ipv4', ['8.8.8.8', '1.1.1.1', '200.147.67.142', '81.2.69.160', '203.0.113.1']],
      ['ipv6', ['2001:4860:4860::8888', '2a03:2880:f10c:83:face:b00c:0:25de', '2804:14c::1']],
    ] as const) {
      const file = path.join(GEOLITE2_DIR, `geolite2-city-${kind}.mmdb`);
      const reference = await maxmind.open(file);
      const ours = new MmdbFile(file);
      try {
        for (const ip of ips) expect(ours.get(ip), ip).toEqual(reference.get(ip));
      } finally {
        ours.close();
      }
    }
  });
});

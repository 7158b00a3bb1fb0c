import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isAllowedAddress } from '../../infra/safe-fetch.js';
import type { Site } from '../site.module.js';
import { internetRadioRoutes } from './internet-radio.routes.js';
import { createInternetRadioService } from './internet-radio.service.js';

/** Public addresses, and those in the private networks the operator allowed streams on. */
export function streamAddressGuard(privateNetworks: string[]): (ip: string) => boolean {
  const ranges = privateNetworks.map((cidr) => ipaddr.parseCIDR(cidr));
  return (ip) => {
    if (isAllowedAddress(ip)) return true;
    if (!ipaddr.isValid(ip)) return false;
    let address = ipaddr.parse(ip);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      address = (address as ipaddr.IPv6).toIPv4Address();
    }
    return ranges.some(
      ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
    );
  };
}

/** Internet radio stations, their streams and what they play. */
export function createInternetRadio(config: Config, db: Db, { audit }: Pick<Site, 'audit'>) {
  const radio = createInternetRadioService({
    db: db.kysely,
    audit,
    isAllowed: streamAddressGuard(config.radioPrivateNetworks),
    maxRelays: config.radioMaxRelays,
    log: (message, error) => console.warn(message, error instanceof Error ? error.message : ''),
  });
  return { radio };
}

export type InternetRadio = ReturnType<typeof createInternetRadio>;

export async function registerInternetRadioRoutes(
  app: FastifyInstance,
  { radio }: InternetRadio,
): Promise<void> {
  await app.register(internetRadioRoutes, { radio });
}

import {
  radioStationInputSchema,
  type RadioStation,
  type RadioStationInput,
} from '@cadenza/contracts/radio-stations';
import type { FastifyRequest } from 'fastify';
import { missing, SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Caller, Methods, Params } from './method.js';
import { idParam } from './params.js';

const stationNode = (station: RadioStation) => ({
  id: String(station.id),
  name: station.name,
  streamUrl: station.stream_url,
  ...(station.homepage_url ? { homePageUrl: station.homepage_url } : {}),
});

/** A station's fields from a call (Subsonic has no cover: the one set in the admin area stays). */
function inputOf(params: Params, coverUrl: string | null): RadioStationInput {
  for (const name of ['streamUrl', 'name']) if (!params.get(name)) throw missing(name);
  const parsed = radioStationInputSchema.safeParse({
    name: params.get('name'),
    stream_url: params.get('streamUrl'),
    homepage_url: params.get('homepageUrl') ?? params.get('homePageUrl'),
    cover_url: coverUrl,
  });
  if (!parsed.success) {
    throw new SubsonicError(SUBSONIC_ERRORS.generic, parsed.error.issues[0]!.message);
  }
  return parsed.data;
}

/** The manager behind a call: the caller's permissions, and who the audit log names. */
const managerOf = (caller: Caller, request: FastifyRequest) => ({
  actor: caller.actor,
  by: { user: { id: caller.userId }, ip: request.ip },
});

/** Internet radio stations: anyone who may listen reads them; admins change them. */
export function internetRadioMethods({ radio }: SubsonicContext): Methods {
  return {
    async getInternetRadioStations(_params, caller) {
      const stations = await radio.list(caller.actor);
      return { internetRadioStations: { internetRadioStation: stations.map(stationNode) } };
    },
    async createInternetRadioStation(params, caller, request) {
      await radio.create(managerOf(caller, request), inputOf(params, null));
      return {};
    },
    async updateInternetRadioStation(params, caller, request) {
      const id = idParam(params);
      const manager = managerOf(caller, request);
      // The permission first: a listener learns nothing of the station from a refused write.
      const current = await radio.forManager(manager.actor, id);
      await radio.update(manager, id, inputOf(params, current.cover_url));
      return {};
    },
    async deleteInternetRadioStation(params, caller, request) {
      await radio.remove(managerOf(caller, request), idParam(params));
      return {};
    },
  };
}

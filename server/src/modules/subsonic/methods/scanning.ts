import type { ImportJob } from '@cadenza/contracts/library';
import { SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Methods } from './method.js';

const scanStatusOf = (job: ImportJob | null) => ({
  scanning: job?.status === 'queued' || job?.status === 'running',
  count: job?.processed ?? 0,
  ...(job?.finished_at ? { lastScan: job.finished_at } : {}),
});

/** Media library scanning, for those who may import (admins). */
export function scanningMethods({ importer }: SubsonicContext): Methods {
  return {
    /** The library scan, for those who may import (admins). */
    async getScanStatus(_params, caller) {
      return { scanStatus: scanStatusOf(await importer.latestJob(caller.actor)) };
    },
    async startScan(_params, caller) {
      const job = await importer.rescan(caller.actor);
      if (!job) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.generic,
          'Import a folder from the admin area first.',
        );
      }
      return { scanStatus: scanStatusOf(job) };
    },
  };
}

import { LIBRARY_PERMISSIONS, type ImportJob } from '@cadenza/contracts/library';
import { hasPermission } from '@cadenza/contracts/permissions';
import { SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import type { Caller, Methods } from './method.js';

const scanStatusOf = (job: ImportJob | null) => ({
  scanning: job?.status === 'queued' || job?.status === 'running',
  count: job?.processed ?? 0,
  ...(job?.finished_at ? { lastScan: job.finished_at } : {}),
});

/** Media library scanning, for those who may import (admins). */
export function scanningMethods({ importer, permissions }: SubsonicContext): Methods {
  const methods: Methods = {
    /** The library scan, for those who may import (admins). */
    async getScanStatus(_params, caller) {
      await mayImport(caller);
      return { scanStatus: scanStatusOf(await importer.latestJob()) };
    },
    async startScan(_params, caller) {
      await mayImport(caller);
      const job = await importer.rescan();
      if (!job) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.generic,
          'Import a folder from the admin area first.',
        );
      }
      return { scanStatus: scanStatusOf(job) };
    },
  };

  async function mayImport(caller: Caller) {
    if (!hasPermission(await permissions.forUser(caller.userId), LIBRARY_PERMISSIONS.import)) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Only admins scan the library.');
    }
  }

  return methods;
}

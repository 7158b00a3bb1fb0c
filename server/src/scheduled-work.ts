import type { FastifyInstance } from 'fastify';
import type { Jobs } from './infra/jobs/index.js';
import type { Admin } from './modules/admin.module.js';
import type { Backstage } from './modules/backstage/backstage.module.js';
import type { Library } from './modules/library/library.module.js';
import type { Music } from './modules/music/music.module.js';
import type { Site } from './modules/site.module.js';
import type { UploadsModule } from './modules/uploads/uploads.module.js';

const MINUTE = 60_000;

/**
 * The work the app does by itself on a schedule, as scheduled jobs: with several instances on
 * one Redis each period's run happens on one of them. They stop when the job queue closes.
 */
export function startScheduledWork(
  app: FastifyInstance,
  services: Pick<Site, 'settings' | 'sessions'> &
    Pick<Music, 'music'> &
    Library &
    Pick<Admin, 'reports'> &
    Pick<Backstage, 'releases'> & { uploads: UploadsModule; jobs: Jobs },
): void {
  const { settings, sessions, music, library, reports, releases, uploads, jobs } = services;
  // Scheduled re-scans of imported folders (setting `library.rescan_hours`, 0: never).
  // With Redis, an import whose instance died is also taken up by the others once stale.
  jobs.every('library-rescan', MINUTE, async () => {
    if (jobs.backend === 'redis') await library.resumeInterrupted();
    return library.rescanDue(await settings.get('library.rescan_hours'));
  });
  // Days of plays are rolled up for the reports soon after they end, not when someone asks.
  jobs.every('play-rollups', 10 * MINUTE, () => reports.rollUpFinishedDays());
  // The trending window moves on with the day: checked at start and every ten minutes.
  jobs.every('trending-window', 10 * MINUTE, () => music.catalogue.moveTrendingWindow());
  // Each listener's mixes are made again each day: checked hourly, so a day missed while the
  // app was down is made up within the hour.
  jobs.every('daily-mixes', 60 * MINUTE, () => music.mixes.refreshDaily());
  // Scheduled releases go public by themselves, within a minute of their time.
  jobs.every('scheduled-releases', MINUTE, () => releases.publishDue());
  // Sessions that ended by themselves (abandoned pending logins, signed-in sessions left idle)
  // are deleted hourly: a session is otherwise deleted only when it is read again.
  jobs.every('session-pruning', 60 * MINUTE, () => sessions.pruneExpired());
  // Unfinished uploads past their expiry are deleted.
  jobs.every('upload-cleanup', uploads.cleanupEveryMs, () => uploads.cleanUp());
  // An encoder ready for the first transcoded stream, and the trending window where it should
  // be (tests that never listen do neither).
  app.addHook('onListen', async () => {
    // Imports a killed process left unfinished go on where its queue lost them.
    void library
      .resumeInterrupted()
      .catch((error: unknown) => console.error('resuming interrupted imports failed', error));
    void music.transcoder.prepare();
    // Tracks whose loudness is not yet known (a catalogue from before it was measured, imports
    // cut short by a restart) are measured in the background, a batch at a time.
    void music.loudness
      .measureBacklog()
      .catch((error: unknown) => console.error('measuring loudness failed', error));
    void music.catalogue
      .moveTrendingWindow()
      .catch((error: unknown) => console.error('moving the trending window failed', error));
  });
}

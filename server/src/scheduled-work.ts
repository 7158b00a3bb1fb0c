import type { FastifyInstance } from 'fastify';
import type { Admin } from './modules/admin.module.js';
import type { Backstage } from './modules/backstage/backstage.module.js';
import type { Library } from './modules/library/library.module.js';
import type { Music } from './modules/music/music.module.js';
import type { Site } from './modules/site.module.js';
import type { UploadsModule } from './modules/uploads/uploads.module.js';

/**
 * The work the app does by itself on a schedule, started with the app; the answer stops it (at
 * close, before the services it uses are closed).
 */
export function startScheduledWork(
  app: FastifyInstance,
  services: Pick<Site, 'settings' | 'sessions'> &
    Pick<Music, 'music'> &
    Library &
    Pick<Admin, 'reports'> &
    Pick<Backstage, 'releases'> & { uploads: UploadsModule },
): () => void {
  const { settings, sessions, music, library, reports, releases, uploads } = services;
  // Scheduled re-scans of imported folders (setting `library.rescan_hours`, 0: never).
  const rescans = setInterval(() => {
    void settings
      .get('library.rescan_hours')
      .then((hours) => library.rescanDue(hours))
      .catch((error: unknown) => console.error('scheduled library re-scan failed', error));
  }, 60_000).unref();
  // Days of plays are rolled up for the reports soon after they end, not when someone asks.
  const rollups = setInterval(() => {
    reports
      .rollUpFinishedDays()
      .catch((error: unknown) => console.error('rolling up the plays failed', error));
  }, 600_000).unref();
  // The trending window moves on with the day: checked at start and every ten minutes.
  const moveTrendingWindow = () =>
    music.catalogue
      .moveTrendingWindow()
      .catch((error: unknown) => console.error('moving the trending window failed', error));
  const trending = setInterval(moveTrendingWindow, 600_000).unref();
  // Scheduled releases go public by themselves, within a minute of their time.
  const releasing = setInterval(() => {
    releases
      .publishDue()
      .catch((error: unknown) => console.error('publishing scheduled releases failed', error));
  }, 60_000).unref();
  // Sessions that ended by themselves (abandoned pending logins, signed-in sessions left idle)
  // are deleted hourly: a session is otherwise deleted only when it is read again.
  const pruning = setInterval(() => {
    sessions
      .pruneExpired()
      .catch((error: unknown) => console.error('deleting expired sessions failed', error));
  }, 3_600_000).unref();
  // An encoder ready for the first transcoded stream, and the trending window where it should
  // be (tests that never listen do neither).
  app.addHook('onListen', async () => {
    void music.transcoder.prepare();
    void moveTrendingWindow();
  });
  // Unfinished uploads past their expiry are deleted hourly.
  uploads.startCleanup();
  return () => {
    clearInterval(rescans);
    clearInterval(rollups);
    clearInterval(trending);
    clearInterval(releasing);
    clearInterval(pruning);
    uploads.stopCleanup();
  };
}

/**
 * Imports a folder of audio files into the catalogue: `npm run import -- <folder>`.
 * Opens the configured database like the server does, migrates it, and runs one import job
 * with a progress bar. Exit code 0 when the job finished (even with unreadable files), 1 otherwise.
 */
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { AppError } from '../core/errors.js';

async function main(): Promise<number> {
  const folder = process.argv[2];
  if (!folder || folder === '--help' || folder === '-h') {
    console.log('Usage: npm run import -- <folder>');
    return folder ? 0 : 64; // EX_USAGE
  }
  let config;
  try {
    // The import brings the user's own music: no demo catalogue beside it.
    config = { ...loadConfig(), seedDemo: false, logLevel: 'warn' as const };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78; // EX_CONFIG
    }
    throw error;
  }
  // npm runs scripts from the project folder; a relative path means the caller's folder.
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);

  const app = await buildApp(config, { announce: (message) => console.log(message) });
  const bar = new SingleBar({
    format:
      'Importing |{bar}| {value}/{total} files | {imported} new, {updated} updated, {failed} failed',
    hideCursor: true,
  });
  let started = false;
  try {
    const job = await app.services.library.importFolder(resolved, (progress) => {
      const counts = {
        imported: progress.imported,
        updated: progress.updated,
        failed: progress.failed,
      };
      if (!started && progress.total > 0) {
        bar.start(progress.total, progress.processed, counts);
        started = true;
      } else if (started) bar.update(progress.processed, counts);
    });
    if (started) bar.stop();

    console.log(
      `\nImport of ${job.folder} ${job.status === 'done' ? 'finished' : 'failed'}: ` +
        `${job.total} files, ${job.imported} imported, ${job.updated} updated, ` +
        `${job.removed} removed, ${job.failed} failed.`,
    );
    for (const error of job.errors) console.log(`  ${error.path}: ${error.reason}`);
    if (job.failed > job.errors.length)
      console.log(`  …and ${job.failed - job.errors.length} more.`);
    return job.status === 'done' ? 0 : 1;
  } catch (error) {
    if (started) bar.stop();
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

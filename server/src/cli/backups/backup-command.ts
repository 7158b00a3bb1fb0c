import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../../config.js';
import { BackupError } from './run-command.js';

/**
 * The frame of `npm run backup` and `npm run restore`: the archive named on the command line,
 * the configuration read as the app reads it, and exit codes an operator's scripts can test
 * (0 done, 1 failed or refused, 64 usage, 78 configuration).
 */
export function runBackupCommand(
  usage: string,
  action: (config: Config, archive: string, report: (line: string) => void) => Promise<unknown>,
): void {
  const main = async (): Promise<number> => {
    const archive = process.argv[2];
    if (!archive || archive === '--help' || archive === '-h' || process.argv.length > 3) {
      console.log(usage);
      return archive === '--help' || archive === '-h' ? 0 : 64; // EX_USAGE
    }
    let config: Config;
    try {
      config = loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        return 78; // EX_CONFIG
      }
      throw error;
    }
    // npm runs scripts from the project folder; a relative path means the caller's folder.
    const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), archive);
    try {
      await action(config, resolved, (line) => console.log(line));
      return 0;
    } catch (error) {
      if (error instanceof BackupError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

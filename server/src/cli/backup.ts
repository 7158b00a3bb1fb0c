/**
 * Writes one archive of the database and DATA_DIR's state while the app runs:
 * `npm run backup -- <file>` (.tar.gz, .tar.xz, .tar.zst or .tar, by its name).
 */
import { runBackupCommand } from './backups/backup-command.js';
import { writeBackup } from './backups/write-backup.js';

runBackupCommand('Usage: npm run backup -- <file.tar.gz>', writeBackup);

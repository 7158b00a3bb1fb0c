/**
 * Fills an empty DATA_DIR and an empty database from a backup: `npm run restore -- <file>`.
 * It refuses, and changes nothing, when either already holds data.
 */
import { runBackupCommand } from './backups/backup-command.js';
import { restoreBackup } from './backups/restore-backup.js';

runBackupCommand('Usage: npm run restore -- <file.tar.gz>', restoreBackup);

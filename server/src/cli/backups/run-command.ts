import { spawn } from 'node:child_process';

/** A failure the operator can act on: the command prints its message alone and exits non-zero. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a system tool (tar, pg_dump, …) to its end. A tool missing from the PATH, or an exit code
 * other than those allowed, is a BackupError naming the tool and carrying what it printed.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; allowedCodes?: number[]; missingHint?: string } = {},
): Promise<CommandResult> {
  const { allowedCodes = [0] } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found on the PATH. ${options.missingHint ?? ''}`)
          : error,
      );
    });
    child.on('close', (code, signal) => {
      const result = {
        code: code ?? 1,
        stdout: Buffer.concat(stdout).toString(),
        stderr: Buffer.concat(stderr).toString().trim(),
      };
      if (code !== null && allowedCodes.includes(code)) resolve(result);
      else
        reject(
          new BackupError(
            `${command} failed (${signal ? `signal ${signal}` : `exit code ${code}`})` +
              (result.stderr ? `:\n${result.stderr}` : ''),
          ),
        );
    });
  });
}

/** A count of files as people say it: 1 file, 3 files. */
export const fileCount = (files: number) => `${files} ${files === 1 ? 'file' : 'files'}`;

/** A size as people read it: 1.4 MB, 512 B. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

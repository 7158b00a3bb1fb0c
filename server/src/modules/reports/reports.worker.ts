import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Db } from '../../db/database.js';
import { figures, type FiguresQuery } from './reports.repo.js';

/*
 * The thread that reads the reports' figures from the SQLite file (see `reports.thread.ts`), on
 * a connection of its own that only reads, opened at the first read so that a failure to open
 * it is that read's answer.
 */
const { file, queryLog } = workerData as { file: string; queryLog?: string };
let db: Db | undefined;

async function answer(id: number, query: FiguresQuery): Promise<void> {
  try {
    db ??= openDatabase({ dialect: 'sqlite', file }, { readonly: true, queryLog });
    parentPort!.postMessage({ id, result: await figures(db.kysely, query) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

parentPort!.on('message', ({ id, query }: { id: number; query: FiguresQuery }) => {
  void answer(id, query);
});

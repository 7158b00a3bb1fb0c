import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('./contracts/src', import.meta.url));
// Tests import the contracts from source, so no build is needed before they run.
const alias = [{ find: /^@cadenza\/contracts\/(.*)$/, replacement: `${contracts}/$1.ts` }];

const serverProject = (name: string, database: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts'],
    // A test of one database's own behaviour runs only on it.
    exclude:
      database === 'postgres'
        ? ['**/node_modules/**', 'src/faults/**', 'src/**/*.sqlite.test.ts']
        : ['**/node_modules/**', 'src/faults/**', 'src/**/*.postgres.test.ts'],
    environment: 'node',
    // The files of one worker share their imports: the app's modules are loaded once per worker,
    // not once per file (no server test mocks a module or changes a global).
    isolate: false,
    env: { TEST_DATABASE: database },
    // The databases the tests copied from a migrated one are dropped at the end.
    ...(database === 'postgres' ? { globalSetup: ['./src/test/postgres-run.ts'] } : {}),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default: one worker on a 2-core machine. The tests wait on
    // databases, sockets and child processes as much as on the CPU, so two take the unit run from
    // 11 minutes to 7.
    maxWorkers: 2,
    projects: [
      serverProject('server', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        // Faults injected into servers of the tests' own (a PostgreSQL they stop, …) while
        // traffic runs: `npm run test:faults`.
        resolve: { alias },
        test: {
          name: 'faults',
          root: './server',
          include: ['src/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'contracts',
          root: './contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './web/vite.config.ts',
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

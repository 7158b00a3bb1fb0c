import { dropPostgresCopies } from './test-databases.js';

/** The PostgreSQL run's global set-up: at its end, the databases its tests made are dropped. */
export default function setup(): () => Promise<void> {
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropPostgresCopies(url);
  };
}

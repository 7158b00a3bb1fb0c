import { Redis } from 'ioredis';

export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
}

import type Sharp from 'sharp';
import { lazily } from './lazy-require.js';

const load = lazily<typeof Sharp>('sharp');

/** sharp, whose native library loads when the app first handles an image. */
export const sharp = new Proxy((() => undefined) as unknown as typeof Sharp, {
  apply: (_target, _this, args: unknown[]) => Reflect.apply(load(), undefined, args),
  get: (_target, property) => Reflect.get(load(), property),
});

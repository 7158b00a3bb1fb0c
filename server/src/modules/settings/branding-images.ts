import { sharp } from '../../infra/sharp.js';
import { AppError } from '../../core/errors.js';
import { randomToken } from '../../infra/hash.js';
import type { Storage } from '../../infra/storage.js';
import type { SettingsService } from './settings.service.js';

export const BRANDING_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The pictures of the site's brand, each with the box it is scaled into. */
export const BRANDING_IMAGES = {
  logo_light: { width: 800, height: 200 },
  logo_dark: { width: 800, height: 200 },
  logo_light_mobile: { width: 256, height: 256 },
  logo_dark_mobile: { width: 256, height: 256 },
  favicon: { width: 64, height: 64 },
} as const;
export type BrandingImage = keyof typeof BRANDING_IMAGES;

// Raster formats only: an SVG from an upload could carry script.
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

/**
 * An uploaded picture checked by its content (raster formats only, at most 2 MB) and scaled
 * into a box, never enlarged. Bad input answers a validation error on the field `file`.
 */
export async function scaleUploadedImage(
  data: Buffer | undefined,
  box: { width: number; height: number },
  format: 'png' | 'webp',
): Promise<Buffer> {
  if (!data || data.length === 0) throw AppError.validation({ file: 'Please select an image.' });
  if (data.length > BRANDING_IMAGE_MAX_BYTES) {
    throw AppError.validation({ file: 'The image may not be greater than 2 MB.' });
  }
  const notAnImage = () =>
    AppError.validation({ file: 'The file must be a PNG, JPEG, WebP, GIF or AVIF image.' });
  const metadata = await sharp(data)
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !FORMATS.has(metadata.format)) throw notAnImage();
  return sharp(data, { limitInputPixels: 40_000_000 })
    .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
    .toFormat(format)
    .toBuffer()
    .catch(() => {
      throw notAnImage();
    });
}

/**
 * Replaces a logo or the favicon with an uploaded picture, scaled into its box as PNG, stored,
 * and set in the branding settings. Answers the new address.
 */
export async function saveBrandingImage(
  { storage, settings }: { storage: Storage; settings: SettingsService },
  name: BrandingImage,
  data: Buffer | undefined,
): Promise<string> {
  const image = await scaleUploadedImage(data, BRANDING_IMAGES[name], 'png');
  const key = `branding/${name}-${randomToken(8)}.png`;
  await storage.put(key, image);
  const setting = `branding.${name}` as const;
  const previous = storage.keyOf(await settings.get(setting));
  await settings.update({ [setting]: storage.url(key) });
  if (previous) await storage.delete(previous);
  return storage.url(key);
}

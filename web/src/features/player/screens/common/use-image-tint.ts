import { PICTURE_WIDTHS, pictureAtWidth } from '@cadenza/contracts/pictures';
import { useEffect, useState } from 'react';

const FALLBACK = '#3a3a48';

/**
 * The average colour of an image, darkened for white text on top: headers are tinted from
 * their cover as in the players people know. Falls back to a neutral tone.
 */
export function useImageTint(src: string | null | undefined): string {
  const [measured, setMeasured] = useState<{ src: string; tint: string } | null>(null);
  useEffect(() => {
    if (!src) return;
    let cancelled = false;
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 8;
        const context = canvas.getContext('2d');
        if (!context) return;
        context.drawImage(image, 0, 0, 8, 8);
        const pixels = context.getImageData(0, 0, 8, 8).data;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          r += pixels[i]!;
          g += pixels[i + 1]!;
          b += pixels[i + 2]!;
        }
        const count = pixels.length / 4;
        // Keep the hue, cap the brightness so white text stays readable (WCAG AA).
        const scale = Math.min(1, 110 / Math.max(r / count, g / count, b / count, 1));
        const channel = (sum: number) => Math.round((sum / count) * scale);
        if (!cancelled)
          setMeasured({ src, tint: `rgb(${channel(r)} ${channel(g)} ${channel(b)})` });
      } catch {
        // A tainted canvas or no canvas support: keep the neutral tone.
      }
    };
    // Eight pixels are measured: the smallest copy does.
    image.src = pictureAtWidth(src, PICTURE_WIDTHS[0]);
    return () => {
      cancelled = true;
    };
  }, [src]);
  return measured && measured.src === src ? measured.tint : FALLBACK;
}

import { sharp } from '../../infra/sharp.js';
import { createRandom } from './synth/random.js';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Breaks a title into lines of at most `width` characters, on spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function mixColour(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const value = [0, 1, 2].map((i) => Math.round(channel(a, i) * (1 - t) + channel(b, i) * t));
  return `#${value.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Abstract album art: a gradient in the palette, a few soft shapes, and the title typeset. */
export function coverSvg(title: string, subtitle: string, palette: [string, string], seed: string) {
  const random = createRandom(seed);
  const [a, b] = palette;
  const size = 600;
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const colour = mixColour(a, b, random.next());
    const x = random.range(0, size);
    const y = random.range(0, size * 0.7);
    const r = random.range(60, 240);
    const opacity = random.range(0.15, 0.45).toFixed(2);
    shapes.push(
      random.chance(0.6)
        ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${colour}" opacity="${opacity}"/>`
        : `<rect x="${(x - r / 2).toFixed(0)}" y="${(y - r / 2).toFixed(0)}" width="${r.toFixed(0)}" height="${r.toFixed(0)}" fill="${colour}" opacity="${opacity}" transform="rotate(${random.int(-40, 40)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
    );
  }
  const angle = random.int(0, 360);
  const lines = wrap(title, 16);
  const fontSize = lines.length > 2 ? 44 : 54;
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${size - 70 - (lines.length - 1 - i) * (fontSize + 6)}" font-size="${fontSize}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>
  <linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/>
  </linearGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>
  </linearGradient>
</defs>
<rect width="${size}" height="${size}" fill="url(#g)"/>
${shapes.join('\n')}
<rect width="${size}" height="${size}" fill="url(#shade)"/>
<g font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" fill="#fff">
${text}
<text x="40" y="${size - 36}" font-size="22" opacity="0.85" letter-spacing="3">${escapeXml(subtitle.toUpperCase())}</text>
</g>
</svg>`;
}

/** An artist portrait stand-in: concentric rings and the artist's initial. */
export function portraitSvg(name: string, palette: [string, string], seed: string) {
  const random = createRandom(seed);
  const [a, b] = palette;
  const size = 500;
  const rings: string[] = [];
  for (let i = 7; i > 0; i--) {
    const r = (i / 7) * size * 0.72;
    const cx = size / 2 + random.range(-40, 40);
    const cy = size / 2 + random.range(-40, 40);
    rings.push(
      `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${mixColour(a, b, i / 7)}"/>`,
    );
  }
  const initial =
    name
      .split(/\s+/)
      .find((word) => /^\p{L}/u.test(word) && word.toLowerCase() !== 'the')?.[0]
      ?.toUpperCase() ?? '♪';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" fill="${b}"/>
${rings.join('\n')}
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="220" font-weight="700" fill="#fff" opacity="0.92">${escapeXml(initial)}</text>
</svg>`;
}

export async function renderCover(svg: string): Promise<{ data: Buffer; mime: string }> {
  return {
    data: await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer(),
    mime: 'image/jpeg',
  };
}

export async function renderPortrait(svg: string): Promise<{ data: Buffer; mime: string }> {
  return {
    data: await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer(),
    mime: 'image/webp',
  };
}

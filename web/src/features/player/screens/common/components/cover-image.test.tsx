import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoverImage } from './cover-image';

const covers = ['/a.webp', '/b.webp', '/c.webp', '/d.webp'];

function drawn(container: HTMLElement) {
  const cover = container.firstElementChild as HTMLElement;
  const images = [...cover.querySelectorAll('img')];
  return {
    cover,
    sources: images.map((image) => image.getAttribute('src')),
    alts: images.map((image) => image.getAttribute('alt')),
  };
}

describe('CoverImage', () => {
  it('draws a mosaic as four silent tiles in a square grid, in the order given', () => {
    const { container } = render(<CoverImage src="/a.webp" mosaic={covers} className="size-12" />);
    const { cover, sources, alts } = drawn(container);
    expect(sources).toEqual(covers);
    expect(alts).toEqual(['', '', '', '']);
    expect(cover.className).toContain('grid-cols-2');
    // Same square, corners and size as a single cover.
    expect(cover.className).toContain('aspect-square');
    expect(cover.className).toContain('rounded-sm');
    expect(cover.className).toContain('size-12');
  });

  it('draws the image whole when the mosaic is empty', () => {
    const { container } = render(<CoverImage src="/a.webp" mosaic={[]} className="size-12" />);
    const { cover, sources, alts } = drawn(container);
    expect(sources).toEqual(['/a.webp']);
    expect(alts).toEqual(['']);
    expect(cover.className).not.toContain('grid-cols-2');
  });

  it('shows the placeholder when there is no image at all', () => {
    const { container } = render(<CoverImage src={null} mosaic={[]} />);
    const { sources } = drawn(container);
    expect(sources).toEqual([]);
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it("loads covers as they near the viewport, and a header's cover at once and first", () => {
    const listed = render(<CoverImage src="/a.webp" />).container.querySelector('img')!;
    expect(listed.getAttribute('loading')).toBe('lazy');
    expect(listed.getAttribute('fetchpriority')).toBeNull();
    const header = render(<CoverImage src="/a.webp" priority />).container.querySelector('img')!;
    expect(header.getAttribute('loading')).toBe('eager');
    expect(header.getAttribute('fetchpriority')).toBe('high');
  });

  it('offers smaller copies of our pictures for the size a cover is drawn at', () => {
    const image = render(
      <CoverImage src="/storage/artwork/albums/1/c0ffee-large.webp" sizes="48px" />,
    ).container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/storage/artwork/albums/1/c0ffee-large.webp');
    expect(image.getAttribute('sizes')).toBe('48px');
    expect(image.getAttribute('srcset')).toBe(
      [128, 256, 384, 512]
        .map((width) => `/storage/artwork/albums/1/c0ffee-large.webp?w=${width} ${width}w`)
        .join(', '),
    );
    // A mosaic's tiles ask for the copies their albums' cards do.
    const tiles = render(
      <CoverImage
        src={null}
        mosaic={covers.map((cover) => `/storage${cover}`)}
        sizes="(min-width: 640px) 220px, 42vw"
      />,
    ).container.querySelectorAll('img');
    expect(tiles[0]!.getAttribute('sizes')).toBe('(min-width: 640px) 220px, 42vw');
    expect(tiles[0]!.getAttribute('srcset')).toContain('/storage/a.webp?w=128 128w');
  });

  it('leaves pictures from elsewhere, and covers drawn at no given size, as they are', () => {
    const elsewhere = render(
      <CoverImage src="https://images.example.com/cover.jpg" sizes="48px" />,
    ).container.querySelector('img')!;
    expect(elsewhere.getAttribute('srcset')).toBeNull();
    const unsized = render(<CoverImage src="/storage/a.webp" />).container.querySelector('img')!;
    expect(unsized.getAttribute('srcset')).toBeNull();
  });
});

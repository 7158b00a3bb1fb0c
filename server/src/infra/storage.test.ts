import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPng, importTrack } from '../modules/music/music.fixtures.js';
import { signedInUser } from '../test/factories.js';
import { multipartFile } from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';

describe('public pictures at a width', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const widthOf = async (body: Buffer) => (await sharp(body).metadata()).width;

  /** A private playlist with a 600-pixel picture of its own; returns its owner and the URL. */
  const playlistPicture = async () => {
    const owner = await signedInUser(t.app);
    const id = (
      await owner.client.post('/api/v1/playlists', { name: 'Sketches', public: false })
    ).json().playlist.id;
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#c04080' },
    })
      .png()
      .toBuffer();
    const upload = multipartFile(png, { filename: 'cover.png', type: 'image/png' });
    const image = (
      await owner.client.request('POST', `/api/v1/playlists/${id}/image`, upload.body, {
        headers: upload.headers,
      })
    ).json().playlist.image as string;
    return { ...owner, id, image };
  };

  it('serves a smaller copy of a picture at the width asked for, the nearest one made', async () => {
    const { client, image } = await playlistPicture();
    const original = await client.get(image);
    expect(await widthOf(original.rawPayload)).toBe(600);

    const small = await client.get(`${image}?w=256`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await widthOf(small.rawPayload)).toBe(256);
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);
    // Made once, then served as kept.
    expect((await client.get(`${image}?w=256`)).rawPayload).toEqual(small.rawPayload);

    expect(await widthOf((await client.get(`${image}?w=300`)).rawPayload)).toBe(384);
    expect(await widthOf((await client.get(`${image}?w=4000`)).rawPayload)).toBe(512);
    expect(await widthOf((await client.get(`${image}?w=wide`)).rawPayload)).toBe(600);
    // A copy is served as it is, never copied again.
    const copyUrl = image.replace(/\.webp$/, '.w256.webp');
    expect((await client.get(`${copyUrl}?w=128`)).rawPayload).toEqual(small.rawPayload);
    const folder = path.join(
      t.config.dataDir,
      'storage',
      path.dirname(image.slice('/storage/'.length)),
    );
    expect(fs.readdirSync(folder).filter((file) => /\.w\d+\.w\d+\.webp$/.test(file))).toEqual([]);
  });

  it('never enlarges a picture smaller than the width asked for', async () => {
    const { albumId } = await importTrack(t.app, t.config.dataDir, {
      album: 'Tiny cover',
      coverImage: { data: await coverPng('#208040'), mime: 'image/png' },
    });
    const guest = await new TestClient(t.app).visit();
    const cover: string = (await guest.get(`/api/v1/albums/${albumId}`)).json().album.image;
    const copy = await guest.get(`${cover}?w=512`);
    expect(copy.statusCode).toBe(200);
    expect(await widthOf(copy.rawPayload)).toBe(64);
  });

  it("keeps a private picture's copies to those who may see the picture", async () => {
    const { client, image } = await playlistPicture();
    const mine = await client.get(`${image}?w=128`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const other = await signedInUser(t.app);
    expect((await other.client.get(`${image}?w=128`)).statusCode).toBe(404);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get(`${image}?w=128`)).statusCode).toBe(404);
    // Nor by the name the copy is kept under.
    const copyUrl = image.replace(/\.webp$/, '.w128.webp');
    expect((await client.get(copyUrl)).statusCode).toBe(200);
    expect((await guest.get(copyUrl)).statusCode).toBe(404);
  });

  it('removes the copies with the picture', async () => {
    const { client, id, image } = await playlistPicture();
    expect((await client.get(`${image}?w=128`)).statusCode).toBe(200);
    await client.request('DELETE', `/api/v1/playlists/${id}/image`);
    expect((await client.get(image)).statusCode).toBe(404);
    expect((await client.get(`${image}?w=128`)).statusCode).toBe(404);
    expect((await client.get(image.replace(/\.webp$/, '.w128.webp'))).statusCode).toBe(404);
  });
});

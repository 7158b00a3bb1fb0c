import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { labelWithMember, managedArtist as managedArtistOf } from './backstage.testing.js';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const managedArtist = (name: string, manager: { userId?: number; workspaceId?: number }) =>
  managedArtistOf(t, name, manager);

function upload(client: TestClient, artistId: number, kind: string, data: Buffer, type: string) {
  const file = multipartFile(data, { filename: 'picture', type });
  return client.request(
    'POST',
    `/api/v1/backstage/artists/${artistId}/image?kind=${kind}`,
    file.body,
    {
      headers: file.headers,
    },
  );
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f8f6f' } })
    .png()
    .toBuffer();

describe('artist profiles in the backstage', () => {
  it("edits one's own profile: sanitized bio, links, genres, location, portrait and header", async () => {
    const { user, client } = await signedInUser(t.app);
    const id = await managedArtist('Lua Verde', { userId: user.id });
    const start = await client.get(`/api/v1/backstage/artists/${id}`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({
      access: 'edit',
      artist: { name: 'Lua Verde', bio: null },
    });

    const saved = await client.put(`/api/v1/backstage/artists/${id}`, {
      bio:
        '<p>Songs from <strong>the coast</strong>.<script>alert(1)</script>' +
        '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">tap</a> ' +
        '<a href="https://luaverde.example">site</a></p>',
      links: [{ url: 'https://luaverde.example', title: 'Website' }],
      genres: ['Folk', 'Bossa Nova'],
      location: 'Recife, Brazil',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bio: string = saved.json().artist.bio;
    expect(bio).toContain('<strong>the coast</strong>');
    expect(bio).toContain(
      '<a href="https://luaverde.example" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(bio).not.toMatch(/script|onerror|<img|javascript:/);

    const page = (await client.get(`/api/v1/artists/${id}`)).json().artist;
    expect(page).toMatchObject({
      bio,
      location: 'Recife, Brazil',
      links: [{ url: 'https://luaverde.example', title: 'Website' }],
    });
    expect(page.genres.map((genre: { display_name: string }) => genre.display_name).sort()).toEqual(
      ['Bossa Nova', 'Folk'],
    );

    // Plain text becomes paragraphs, its characters kept as text.
    const plain = await client.put(`/api/v1/backstage/artists/${id}`, {
      bio: 'First line\nstill first\n\nSecond & <last>',
    });
    expect(plain.json().artist.bio).toBe(
      '<p>First line<br />still first</p><p>Second &amp; &lt;last&gt;</p>',
    );

    const portrait = await upload(client, id, 'portrait', await picture(400, 400), 'image/png');
    expect(portrait.statusCode, portrait.body).toBe(200);
    expect(portrait.json().artist.image_small).toMatch(/^\/storage\/artwork\/artists\//);
    const header = await upload(client, id, 'header', await picture(2400, 1200), 'image/png');
    expect(header.statusCode, header.body).toBe(200);
    const headerUrl: string = header.json().artist.header_image;
    const served = await client.get(headerUrl);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1800,
      height: 600,
    });

    // A picture is judged by what it is: an SVG could carry script.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const refused = await upload(client, id, 'header', svg, 'image/png');
    expect(refused.statusCode).toBe(422);
    expect((await client.get(`/api/v1/artists/${id}`)).json().artist.header_image).toBe(headerUrl);
  });

  it("shares a label's artist by workspace role: members look, the owner edits", async () => {
    const { owner, member, workspace } = await labelWithMember(t, 'Selo Sul');
    const id = await managedArtist('Coro do Sul', { workspaceId: workspace.id });

    expect((await member.client.get(`/api/v1/backstage/artists/${id}`)).json().access).toBe('view');
    const change = { location: 'Porto Alegre' };
    const denied = await member.client.put(`/api/v1/backstage/artists/${id}`, change);
    expect(denied.statusCode).toBe(403);
    expect(
      (await upload(member.client, id, 'portrait', await picture(50, 50), 'image/png')).statusCode,
    ).toBe(403);
    expect((await owner.client.get(`/api/v1/backstage/artists/${id}`)).json().access).toBe('edit');
    const saved = await owner.client.put(`/api/v1/backstage/artists/${id}`, change);
    expect(saved.json().artist.location).toBe('Porto Alegre');
  });

  it("keeps others out: another user's artist is not found, a guest must sign in", async () => {
    const { user } = await signedInUser(t.app);
    const id = await managedArtist('Duo Norte', { userId: user.id });
    const { client: stranger } = await signedInUser(t.app);
    expect((await stranger.get(`/api/v1/backstage/artists/${id}`)).statusCode).toBe(404);
    expect(
      (await stranger.put(`/api/v1/backstage/artists/${id}`, { location: 'Nowhere' })).statusCode,
    ).toBe(404);
    expect(
      (await upload(stranger, id, 'portrait', await picture(50, 50), 'image/png')).statusCode,
    ).toBe(404);
    // An artist nobody manages, the admin's catalogue, is not the stranger's either.
    const unmanaged = (await t.app.services.catalogue.createArtist('Imported Band'))!;
    expect(
      (await stranger.put(`/api/v1/backstage/artists/${unmanaged}`, { bio: 'Mine' })).statusCode,
    ).toBe(404);
    const profile = (await stranger.get(`/api/v1/artists/${id}`)).json().artist;
    expect(profile.location).toBeNull();

    const guest = await new TestClient(t.app).visit();
    expect((await guest.get(`/api/v1/backstage/artists/${id}`)).statusCode).toBe(401);
    expect((await guest.put(`/api/v1/backstage/artists/${id}`, {})).statusCode).toBe(401);
  });
});

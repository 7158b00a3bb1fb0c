import { firstCallsOf, PAGE_CALLS_ELEMENT_ID } from '@cadenza/contracts/page-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTrack } from '../modules/music/music.fixtures.js';
import { signedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The answers a page holds for its first calls, by URL (undefined when it holds none). */
function answersIn(html: string): Record<string, unknown> | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_CALLS_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

describe("a player page's first calls, answered in the page", () => {
  it('holds the answers its screen asks for first, as the API gives them', async () => {
    const { trackId, albumId } = await importTrack(t.app, t.config.dataDir, {
      album: 'Answered Inline',
    });
    const guest = new TestClient(t.app);

    const albumPage = await guest.get(`/album/${albumId}/fixture-artist/answered-inline`);
    expect(albumPage.statusCode).toBe(200);
    const albumCall = `/api/v1/albums/${albumId}`;
    expect(answersIn(albumPage.body)).toEqual({
      [albumCall]: (await guest.get(albumCall)).json(),
    });

    const trackCall = `/api/v1/tracks/${trackId}`;
    const trackAnswer = answersIn((await guest.get(`/track/${trackId}`)).body)?.[trackCall];
    expect(trackAnswer).toEqual((await guest.get(trackCall)).json());

    const topAnswers = answersIn((await guest.get('/top-50')).body);
    expect(topAnswers?.['/api/v1/tracks/top?perPage=50']).toMatchObject({
      pagination: { data: expect.arrayContaining([expect.objectContaining({ id: trackId })]) },
    });
  });

  it('keeps any name the catalogue holds inside its script element', async () => {
    const title = '</script><script>alert(1)</script>';
    const { trackId } = await importTrack(t.app, t.config.dataDir, { title });
    const page = (await new TestClient(t.app).get(`/track/${trackId}`)).body;
    expect(page).not.toContain(title);
    expect(answersIn(page)?.[`/api/v1/tracks/${trackId}`]).toMatchObject({
      track: { id: trackId, name: title },
    });
  });

  it('holds nothing for other pages, nor for what does not exist', async () => {
    const guest = new TestClient(t.app);
    expect(answersIn((await guest.get('/')).body)).toBeUndefined();
    expect(answersIn((await guest.get('/account-settings')).body)).toBeUndefined();
    const missing = await guest.get('/album/999999');
    expect(missing.statusCode).toBe(200);
    expect(answersIn(missing.body)).toBeUndefined();
  });

  it("answers each visitor as the API would: another listener's private playlist stays out", async () => {
    const owner = await signedInUser(t.app);
    const created = await owner.client.post('/api/v1/playlists', {
      name: 'Only Mine',
      public: false,
    });
    const id: number = created.json().playlist.id;

    const ownPage = answersIn((await owner.client.get(`/playlist/${id}/only-mine`)).body);
    expect(ownPage?.[`/api/v1/playlists/${id}`]).toMatchObject({
      playlist: { id, name: 'Only Mine' },
    });
    expect(ownPage?.[`/api/v1/playlists/${id}/tracks?page=1&perPage=50`]).toMatchObject({
      pagination: { total: 0 },
    });

    const other = await signedInUser(t.app);
    const othersPage = await other.client.get(`/playlist/${id}/only-mine`);
    expect(othersPage.statusCode).toBe(200);
    expect(othersPage.body).not.toContain('Only Mine');
    expect(answersIn(othersPage.body)).toBeUndefined();
    const guestPage = await new TestClient(t.app).get(`/playlist/${id}`);
    expect(guestPage.body).not.toContain('Only Mine');
  });

  it("holds a listener's own library, nothing of it for a guest, and their profile for all", async () => {
    const { trackId } = await importTrack(t.app, t.config.dataDir, { title: 'Kept Close' });
    const { client } = await signedInUser(t.app);
    await client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: trackId,
    });
    const call = '/api/v1/users/me/liked-tracks?page=1&perPage=30';
    expect(answersIn((await client.get('/library')).body)?.[call]).toMatchObject({
      pagination: { total: 1, data: [expect.objectContaining({ id: trackId })] },
    });
    expect(answersIn((await new TestClient(t.app).get('/library')).body)).toBeUndefined();

    // Their public profile is anyone's to see.
    const { id } = (await client.get('/api/v1/users/me')).json().user as { id: number };
    const profile = answersIn((await new TestClient(t.app).get(`/user/${id}`)).body);
    expect(profile?.[`/api/v1/users/${id}/profile`]).toMatchObject({ user: { id } });
    expect(profile?.[`/api/v1/users/${id}/playlists?page=1&perPage=24`]).toMatchObject({
      pagination: { total: 0 },
    });
    // Opened on another tab, the page holds that tab.
    const following = answersIn(
      (await new TestClient(t.app).get(`/user/${id}?tab=following`)).body,
    );
    expect(Object.keys(following ?? {}).sort()).toEqual([
      `/api/v1/users/${id}/following?page=1&perPage=24`,
      `/api/v1/users/${id}/profile`,
    ]);
  });

  it("holds a channel's first page, for the genre the page names", async () => {
    await importTrack(t.app, t.config.dataDir, { title: 'Channel Fare', genres: ['Synthwave'] });
    const guest = new TestClient(t.app);
    const call = '/api/v1/channel/new-releases?page=1&perPage=30';
    expect(answersIn((await guest.get('/channel/new-releases')).body)).toEqual({
      [call]: (await guest.get(call)).json(),
    });
    const genreCall = '/api/v1/channel/genre-albums?genre=synthwave&page=1&perPage=30';
    expect(
      answersIn((await guest.get('/channel/genre-albums?genre=synthwave')).body)?.[genreCall],
    ).toEqual((await guest.get(genreCall)).json());
  });

  it("holds a search page's matches: every type's best on 'All', a tab's first page", async () => {
    const { trackId } = await importTrack(t.app, t.config.dataDir, { title: 'Findable Tune' });
    const guest = new TestClient(t.app);
    for (const page of ['/search/findable%20tune', '/search/findable%20tune/tracks']) {
      const [call] = firstCallsOf(page);
      const answer = answersIn((await guest.get(page)).body)?.[call!];
      expect(answer, page).toEqual((await guest.get(call!)).json());
      expect(answer, page).toMatchObject({
        results: { tracks: { data: [expect.objectContaining({ id: trackId })] } },
      });
    }
    expect(firstCallsOf('/search/findable%20tune/tracks')).toEqual([
      '/api/v1/search?page=1&perPage=20&query=findable+tune&types=tracks',
    ]);
  });
});

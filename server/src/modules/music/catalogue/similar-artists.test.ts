import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';
import { SYSTEM_ACTOR } from '../actor.js';
import { SIMILAR_CANDIDATES_PER_GENRE } from './rankings.repo.js';
import { PLAYS_KEPT_MS } from './catalogue-cache.js';

describe('similar artists on an artist page', () => {
  let t: TestApp;
  let sessions = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An artist with one track and these genres; returns the artist's and the track's ids. */
  async function artist(name: string, genres: string[]) {
    const { artistIds, trackId } = await importTrack(t.app, t.config.dataDir, {
      artists: [name],
      album: `${name} album`,
    });
    await t.app.services.catalogue.setArtistDetails(artistIds[0]!, { genres });
    return { id: artistIds[0]!, trackId };
  }

  /** Listens to a track to the end, as a new listener each time. */
  async function play(trackId: number, times: number) {
    for (let i = 0; i < times; i++) {
      const { logged } = await t.app.services.music.plays.log({
        trackId,
        userId: null,
        sessionId: `similar-${++sessions}`,
        playedMs: 30_000,
        ended: true,
        userAgent: null,
        ip: null,
        actor: SYSTEM_ACTOR,
      });
      expect(logged).toBe(true);
    }
  }

  async function similarTo(artistId: number): Promise<string[]> {
    const page = await new TestClient(t.app).get(`/api/v1/artists/${artistId}`);
    expect(page.statusCode).toBe(200);
    return page.json().artist.similar.map((similar: { name: string }) => similar.name);
  }

  it('puts artists sharing more genres first, then the most played, and follows new plays', async () => {
    const seed = await artist('Seed', ['Shoegaze', 'Dream pop']);
    const rockStar = await artist('Rock Star', ['Shoegaze']);
    await play(rockStar.trackId, 3);
    // Plays heard before the genres were given count as well as those after.
    const jazzCat = await artist('Jazz Cat', []);
    await play(jazzCat.trackId, 1);
    await t.app.services.catalogue.setArtistDetails(jazzCat.id, { genres: ['Dream pop'] });
    await artist('Both', ['Dream pop', 'Shoegaze']);
    await artist('Elsewhere', ['Polka']);

    expect(await similarTo(seed.id)).toEqual(['Both', 'Rock Star', 'Jazz Cat']);

    // Plays move the page within a minute, as they move the charts; they are not edits.
    await play(jazzCat.trackId, 3);
    expect(await similarTo(seed.id)).toEqual(['Both', 'Rock Star', 'Jazz Cat']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PLAYS_KEPT_MS + 1 });
    try {
      expect(await similarTo(seed.id)).toEqual(['Both', 'Jazz Cat', 'Rock Star']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws them from the most played artists of a crowded genre, ties in the order they came', async () => {
    const seed = await artist('Crowd seed', ['Krautrock']);
    const crowd = [];
    for (let i = 1; i <= SIMILAR_CANDIDATES_PER_GENRE + 5; i++)
      crowd.push(await artist(`Crowd ${i}`, ['Krautrock']));
    // Nobody has been played: ties, in the order the artists were added.
    const firstTen = Array.from({ length: 10 }, (_, i) => `Crowd ${i + 1}`);
    expect(await similarTo(seed.id)).toEqual(firstTen);

    // Past the first fifty: one played after it joined the genre, one before.
    await play(crowd.at(-1)!.trackId, 2);
    const late = await artist('Late', []);
    await play(late.trackId, 1);
    await t.app.services.catalogue.setArtistDetails(late.id, { genres: ['Krautrock'] });
    expect(await similarTo(seed.id)).toEqual([
      `Crowd ${SIMILAR_CANDIDATES_PER_GENRE + 5}`,
      'Late',
      ...firstTen.slice(0, 8),
    ]);
  });
});

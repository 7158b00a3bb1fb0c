import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBootstrap } from '../../../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../../../app/testing/shipped-lines';
import { player, playerStore } from '../../state/player-store';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeAlbum, makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { AlbumScreen } from './album-screen';

const tracks = [
  makeTrack({ id: 501, name: 'Opening', number: 1, duration_ms: 120_000 }),
  makeTrack({ id: 502, name: 'Middle', number: 2, duration_ms: 180_000 }),
];
const album = makeAlbum({
  id: 50,
  name: 'Blue Hour',
  type: 'ep',
  year: 2024,
  tracks,
  tracks_count: 2,
});

const render = (settings: Record<string, unknown> = {}) =>
  renderPlayerScreen(
    '/album/:id/:artistSlug/:albumSlug',
    '/album/50/nova-lane/blue-hour',
    AlbumScreen,
    makeBootstrap({ settings }),
  );

describe('Album', () => {
  beforeEach(() => player.pause());

  it('shows the header and the numbered track list, with the album ad above the tracks', async () => {
    mockMusicApi().on('GET /api/v1/albums/50', { album });
    render({ 'ads.album_above': '<p>ad</p>' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Hour' })).toBeTruthy();
    expect(screen.getByText('EP')).toBeTruthy();
    expect(screen.getByText('2 songs, 5 min')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Blue Hour' });
    expect(within(table).getByText('3:00')).toBeTruthy();

    const ad = screen.getByTitle('Advertisement');
    expect(ad.getAttribute('data-ad-slot')).toBe('album_above');
    expect(ad.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("names its play button 'Play', and 'Pause' while the album plays", async () => {
    mockMusicApi().on('GET /api/v1/albums/50', { album });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Play' }));
    expect(playerStore.getState().currentTrack?.id).toBe(501);
    expect(playerStore.getState().context).toEqual({ type: 'album', id: 50 });

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(playerStore.getState().isPlaying).toBe(false);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('plays a row with Enter and marks it as now playing', async () => {
    mockMusicApi().on('GET /api/v1/albums/50', { album });
    render();
    const row = (await screen.findByRole('link', { name: 'Middle' })).closest('tr')!;
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(playerStore.getState().currentTrack?.id).toBe(502);
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(within(row).getByRole('img', { name: 'Now playing' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Pause Middle' })).toBeTruthy();
  });

  it('adds a track to the queue from the row menu', async () => {
    mockMusicApi().on('GET /api/v1/albums/50', { album });
    player.playTracks([makeTrack({ id: 900, name: 'Other' })], 0, { type: 'queue' });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More options for Opening' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
    expect(playerStore.getState().queue.map((track) => track.id)).toEqual([900, 501]);
  });

  it.each([
    ['en', '1 song, 2 min', 'May 01, 2025'],
    ['pt-BR', '1 música, 2 min', '01 de maio de 2025'],
  ] as const)('counts its songs and dates its release in %s', async (language, count, date) => {
    mockMusicApi().on('GET /api/v1/albums/50', {
      album: { ...album, tracks: [tracks[0]], tracks_count: 1, release_date: '2025-05-01' },
    });
    renderPlayerScreen(
      '/album/:id/:artistSlug/:albumSlug',
      '/album/50/nova-lane/blue-hour',
      AlbumScreen,
      makeBootstrap({ i18n: shippedLanguage(language) }),
    );
    expect(await screen.findByText(count)).toBeTruthy();
    expect(screen.getByText(date)).toBeTruthy();
  });
});

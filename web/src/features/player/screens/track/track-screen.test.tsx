import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { player } from '../../state/player-store';
import { mockMusicApi } from '../common/testing/mock-api';
import { makeTrack } from '../common/testing/music-factory';
import { renderPlayerScreen } from '../common/testing/render-screen';
import { activeLineIndex } from '@cadenza/contracts/lyrics';
import { TrackScreen } from './track-screen';

const synced = makeTrack({
  id: 77,
  name: 'Glass City',
  synced_lyrics: [
    { time_ms: 0, text: 'First line' },
    { time_ms: 4000, text: 'Second line' },
    { time_ms: 8000, text: 'Third line' },
  ],
});

const render = () => renderPlayerScreen('/track/:id/:slug', '/track/77/glass-city', TrackScreen);

describe('Track', () => {
  beforeEach(() => player.pause());

  it('finds the line being sung', () => {
    expect(
      activeLineIndex(
        synced.synced_lyrics!.map((line) => line.time_ms),
        0,
      ),
    ).toBe(0);
    expect(
      activeLineIndex(
        synced.synced_lyrics!.map((line) => line.time_ms),
        5000,
      ),
    ).toBe(1);
    expect(
      activeLineIndex(
        synced.synced_lyrics!.map((line) => line.time_ms),
        60000,
      ),
    ).toBe(2);
    expect(activeLineIndex([1000], 500)).toBe(-1);
  });

  it('highlights the current synced line while the track plays', async () => {
    mockMusicApi().on('GET /api/v1/tracks/77', { track: synced });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Glass City' })).toBeTruthy();
    // Not playing: nothing is highlighted.
    expect(screen.getByText('Second line').getAttribute('aria-current')).toBeNull();

    act(() => {
      player.playTracks([synced], 0, { type: 'channel', id: 'track-77' });
      player.seek(5000);
    });
    expect(screen.getByText('Second line').getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('First line').getAttribute('aria-current')).toBeNull();
  });

  it('shows plain lyrics as they are', async () => {
    mockMusicApi().on('GET /api/v1/tracks/77', {
      track: { ...synced, synced_lyrics: null, lyrics: 'Plain words\non two lines' },
    });
    render();
    expect(await screen.findByText(/Plain words/)).toBeTruthy();
  });

  it('draws the waveform from the stored peaks, and seeks on it while the track plays', async () => {
    const peaks = Array.from({ length: 200 }, (_, index) => (index % 50) + 1);
    // Another track than the one earlier tests left in the player: not playing at first.
    const withPeaks = { ...synced, id: 78, duration_ms: 10_000, peaks };
    mockMusicApi().on('GET /api/v1/tracks/78', { track: withPeaks });
    renderPlayerScreen('/track/:id/:slug', '/track/78/glass-city', TrackScreen);
    const picture = await screen.findByRole('img', { name: 'Waveform' });
    expect(picture.querySelectorAll('rect')).toHaveLength(200);

    act(() => {
      player.playTracks([withPeaks], 0, { type: 'channel', id: 'track-78' });
      player.seek(5000);
    });
    const slider = screen.getByRole('slider', { name: 'Waveform' });
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    // Half of the bars are drawn as played.
    expect(slider.querySelectorAll('rect.fill-primary')).toHaveLength(100);
    act(() =>
      slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })),
    );
    expect(screen.getByRole('slider', { name: 'Waveform' }).getAttribute('aria-valuenow')).toBe(
      '55',
    );
  });
});

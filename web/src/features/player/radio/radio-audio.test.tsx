import type { RadioStation } from '@cadenza/contracts/radio-stations';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '../../../ui/toast/toast-store';
import { RadioAudio } from './radio-audio';
import { radio, stationStreamUrl } from './radio-store';

const station: RadioStation = {
  id: 7,
  name: 'Night Owls FM',
  stream_url: 'https://radio.example/live',
  homepage_url: null,
  cover_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom plays nothing: the element's play() is a promise that settles at once.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
});
afterEach(() => {
  radio.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  clearToasts();
});

/** Plays the station, and has its stream fail as the relay refuses it with `status`. */
async function refusedWith(status: number): Promise<string | undefined> {
  fetchMock.mockResolvedValue(new Response('{}', { status }));
  const { container, unmount } = render(<RadioAudio />);
  radio.play(station);
  const audio = container.querySelector('audio')!;
  await waitFor(() => expect(audio.getAttribute('src')).toBe(stationStreamUrl(station.id)));
  audio.dispatchEvent(new Event('error'));
  await waitFor(() => expect(getToasts()).toHaveLength(1));
  expect(fetchMock).toHaveBeenCalledWith(stationStreamUrl(station.id), expect.anything());
  expect(radio.getState().station).toBeNull();
  unmount();
  return getToasts()[0]?.message;
}

it('says why the relay refused the stream: two streams already, or a full radio', async () => {
  expect(await refusedWith(429)).toBe(
    'You are listening to radio in two places already. Stop one to start another.',
  );
  clearToasts();
  expect(await refusedWith(503)).toBe('The radio is full right now. Try again in a few minutes.');
  clearToasts();
  expect(await refusedWith(502)).toBe('The station cannot be reached right now.');
});

import '../../ui/test-utils';
import type { Release, ReleaseTrack } from '@cadenza/contracts/backstage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { mockApi } from '../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { makeArtist } from '../player/screens/common/testing/music-factory';
import { BackstageArea } from './backstage-area';

// The upload queue has tests of its own; here a dropped file arrives as file entry 70 + n.
let uploaded = 0;
vi.mock('../uploads/use-upload-queue', () => ({
  useUploadQueue: () => ({ items: [], add: vi.fn(), abort: vi.fn(), clear: vi.fn() }),
  uploadOne: (file: File) => ({
    id: `upload-${file.name}`,
    settled: Promise.resolve({
      id: `upload-${file.name}`,
      status: 'completed',
      entry: { id: 70 + ++uploaded },
    }),
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
  uploaded = 0;
});

const track = (id: number, name: string, fields: Partial<ReleaseTrack> = {}): ReleaseTrack => ({
  id,
  name,
  number: id,
  duration_ms: 180_000,
  featured_artists: [],
  genres: [],
  lyrics: null,
  explicit: false,
  isrc: null,
  downloadable: true,
  loudness_lufs: -14.2,
  true_peak_db: -1.1,
  peaks: Array.from({ length: 200 }, (_, index) => index % 100),
  measuring: false,
  codec: 'MPEG 1 Layer 3',
  mime: 'audio/mpeg',
  plays: 0,
  ...fields,
});

const release = (fields: Partial<Release> = {}): Release => ({
  id: 5,
  name: 'Maré Alta',
  type: 'album',
  status: 'draft',
  release_date: null,
  publish_at: null,
  image: null,
  tracks_count: 3,
  duration_ms: 540_000,
  plays: 0,
  artist: { id: 9, name: 'Duo Norte' },
  genres: [],
  tracks: [track(1, 'Morning'), track(2, 'Noon'), track(3, 'Night')],
  access: 'edit',
  ...fields,
});

function visit(path: string, replies: (api: ReturnType<typeof mockApi>) => void) {
  const api = mockApi().on('GET /api/v1/backstage/artists/9', {
    artist: makeArtist({ id: 9, name: 'Duo Norte' }),
    access: 'edit',
  });
  replies(api);
  renderScreen('/backstage/*', path, BackstageArea, makeBootstrap({ user: makeUser() }));
  return api;
}

describe('releases in the backstage', () => {
  it('lists the releases with their status and the plan’s allowance, and makes a new one', async () => {
    const api = visit('/backstage/artists/9/releases', (replies) =>
      replies
        .on('GET /api/v1/backstage/artists/9/releases', {
          releases: [
            {
              ...release({ status: 'scheduled', publish_at: '2026-12-24T12:00:00.000Z' }),
              tracks: undefined,
            },
          ],
          quota: { tracks: { used: 3, limit: 50 }, minutes: { used: 9, limit: 180 } },
        })
        .on('POST /api/v1/backstage/artists/9/releases', { release: release({ id: 6 }) }, 201)
        .on('GET /api/v1/backstage/releases/6', { release: release({ id: 6, tracks: [] }) }),
    );
    const link = await screen.findByRole('link', { name: /Maré Alta/ });
    expect(link.getAttribute('href')).toBe('/backstage/releases/5');
    expect(within(link).getByText('Scheduled')).toBeTruthy();
    expect(screen.getByText(/3 of 50 tracks, 9 of 180 minutes uploaded/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');

    await userEvent.click(screen.getByRole('button', { name: 'New release' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Give the release a title.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Rio Claro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Maré Alta' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/backstage/artists/9/releases')[0]!.body).toEqual({
      name: 'Rio Claro',
      type: 'album',
    });
  });

  it('orders the tracks, edits their details and saves them in one go', async () => {
    const api = visit('/backstage/releases/5', (replies) =>
      replies
        .on('GET /api/v1/backstage/releases/5', { release: release() })
        .on('PUT /api/v1/backstage/releases/5', { release: release() }),
    );
    const list = await screen.findByRole('list', { name: 'Tracks' });
    await userEvent.click(within(list).getByRole('button', { name: 'Move Night up' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Move Night up' }));
    const titles = () =>
      within(list)
        .getAllByRole('textbox', { name: /Title of track/ })
        .map((field) => (field as HTMLInputElement).value);
    expect(titles()).toEqual(['Night', 'Morning', 'Noon']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Details of Night' }));
    const night = within(list).getByRole('listitem', { name: 'Night' });
    await userEvent.type(within(night).getByRole('textbox', { name: /^Featured artists/ }), 'Céu');
    await userEvent.type(within(night).getByRole('textbox', { name: /^ISRC/ }), 'BRABC2600001');
    await userEvent.click(within(night).getByRole('checkbox', { name: 'Explicit' }));
    await userEvent.click(within(night).getByRole('switch', { name: 'Allow downloads' }));
    expect(within(night).getByText('-14.2 LUFS')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save release' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Release saved'));
    const body = api.callsTo('PUT /api/v1/backstage/releases/5')[0]!.body as {
      tracks: object[];
    };
    expect(body.tracks.map((item) => (item as { id: number }).id)).toEqual([3, 1, 2]);
    expect(body.tracks[0]).toEqual({
      id: 3,
      name: 'Night',
      featured_artists: ['Céu'],
      genres: [],
      lyrics: null,
      explicit: true,
      isrc: 'BRABC2600001',
      downloadable: false,
    });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('moves a track by dragging its handle onto another', async () => {
    visit('/backstage/releases/5', (replies) =>
      replies.on('GET /api/v1/backstage/releases/5', { release: release() }),
    );
    const list = await screen.findByRole('list', { name: 'Tracks' });
    const handle = within(within(list).getByRole('listitem', { name: 'Morning' })).getByTitle(
      'Drag to reorder',
    );
    const target = within(list).getByRole('listitem', { name: 'Night' });
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', types: [] };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    fireEvent.dragEnd(handle, { dataTransfer });
    expect(
      within(list)
        .getAllByRole('textbox', { name: /Title of track/ })
        .map((field) => (field as HTMLInputElement).value),
    ).toEqual(['Noon', 'Night', 'Morning']);
  });

  it("shows the server's refusal on the track it concerns", async () => {
    visit('/backstage/releases/5', (replies) =>
      replies.on('GET /api/v1/backstage/releases/5', { release: release() }).on(
        'PUT /api/v1/backstage/releases/5',
        {
          message: 'An ISRC has 12 characters, like USRC17607839.',
          errors: { 'tracks.1.isrc': ['An ISRC has 12 characters, like USRC17607839.'] },
        },
        422,
      ),
    );
    const list = await screen.findByRole('list', { name: 'Tracks' });
    await userEvent.click(within(list).getByRole('button', { name: 'Details of Noon' }));
    await userEvent.type(within(list).getByRole('textbox', { name: /^ISRC/ }), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save release' }));
    const noon = within(list).getByRole('listitem', { name: 'Noon' });
    expect(
      await within(noon).findByText('An ISRC has 12 characters, like USRC17607839.'),
    ).toBeTruthy();
  });

  it('adds dropped audio files as tracks, one after the other, and publishes', async () => {
    const withFour = release({ tracks: [...release().tracks, track(4, 'Dawn')] });
    const api = visit('/backstage/releases/5', (replies) =>
      replies
        .on('GET /api/v1/backstage/releases/5', { release: release() })
        .on('POST /api/v1/backstage/releases/5/tracks', { release: withFour })
        .on('POST /api/v1/backstage/releases/5/publish', {
          release: { ...withFour, status: 'published' },
        }),
    );
    await screen.findByRole('list', { name: 'Tracks' });
    await userEvent.upload(screen.getByTestId('audio-files'), [
      new File(['a'], 'dawn.mp3', { type: 'audio/mpeg' }),
      new File(['b'], 'dusk.flac', { type: 'audio/flac' }),
    ]);
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/backstage/releases/5/tracks').map((c) => c.body)).toEqual([
        { file_entry_id: 71 },
        { file_entry_id: 72 },
      ]),
    );
    expect(await screen.findByRole('listitem', { name: 'Dawn' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Release published'));
    expect(api.callsTo('POST /api/v1/backstage/releases/5/publish')[0]!.body).toEqual({
      publish_at: null,
    });
    expect(await screen.findByText('Listeners can find and play this release.')).toBeTruthy();
  });

  it('shows a new track as being measured, and its figures once the server has them', async () => {
    const dawn = track(4, 'Dawn');
    const measuring = { ...dawn, loudness_lufs: null, true_peak_db: null, peaks: null };
    const api = visit('/backstage/releases/5', (replies) =>
      replies.on('GET /api/v1/backstage/releases/5', {
        release: release({ tracks: [{ ...measuring, measuring: true }] }),
      }),
    );
    const list = await screen.findByRole('list', { name: 'Tracks' });
    await userEvent.click(within(list).getByRole('button', { name: 'Details of Dawn' }));
    expect(within(list).getAllByText('Measuring…')).toHaveLength(2);
    expect(within(list).queryByRole('img', { name: 'Waveform' })).toBeNull();

    // The editor asks again by itself while anything is being measured, and stops after.
    api.on('GET /api/v1/backstage/releases/5', { release: release({ tracks: [dawn] }) });
    expect(await within(list).findByText('-14.2 LUFS', undefined, { timeout: 6_000 })).toBeTruthy();
    expect(within(list).getByText('-1.1 dBTP')).toBeTruthy();
    expect(within(list).getByRole('img', { name: 'Waveform' })).toBeTruthy();
    const asked = api.callsTo('GET /api/v1/backstage/releases/5').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.callsTo('GET /api/v1/backstage/releases/5')).toHaveLength(asked);
  });

  it('shows a label member the release without the controls', async () => {
    visit('/backstage/releases/5', (replies) =>
      replies.on('GET /api/v1/backstage/releases/5', { release: release({ access: 'view' }) }),
    );
    await screen.findByRole('list', { name: 'Tracks' });
    expect(screen.queryByRole('button', { name: 'Save release' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move .* up/ })).toBeNull();
  });
});

describe('insights', () => {
  const insights = {
    scope: 'artist',
    id: 9,
    name: 'Duo Norte',
    from: '2026-10-30',
    to: '2026-11-26',
    totals: { plays: 1234, listeners: 321, saves: 12, playlist_adds: 4, followers_gained: 7 },
    plays_by_day: [
      { date: '2026-11-25', plays: 3 },
      { date: '2026-11-26', plays: 5 },
    ],
    top_tracks: [{ id: 1, name: 'Morning', plays: 800, listeners: 200 }],
    countries: [{ name: 'BR', count: 900 }],
    cities: [{ name: 'Recife', count: 400 }],
    devices: [{ name: 'desktop', count: 1000 }],
    browsers: [],
    platforms: [{ name: 'Linux', count: 10 }],
  };

  it("shows an artist's figures, then one track's, over the chosen range", async () => {
    const api = visit('/backstage/artists/9/insights', (replies) =>
      replies
        .on('GET /api/v1/backstage/insights', { insights })
        .on('GET /api/v1/backstage/artists/9/releases', {
          releases: [],
          quota: { tracks: { used: 0, limit: null }, minutes: { used: 0, limit: null } },
        }),
    );
    const plays = await screen.findByText('Plays', { selector: 'dt' });
    expect(plays.nextElementSibling?.textContent).toBe('1,234');
    expect(screen.getByText('New followers')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Countries' })).getByText('Brazil'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Browsers' })).getByText(
        'Nothing in this range yet.',
      ),
    ).toBeTruthy();
    const first = api.callsTo('GET /api/v1/backstage/insights')[0]!.query;
    expect(first.get('scope')).toBe('artist');
    expect(first.get('id')).toBe('9');
    const days = (Date.parse(first.get('to')!) - Date.parse(first.get('from')!)) / 86_400_000;
    expect(days).toBe(27);

    await userEvent.click(screen.getByRole('button', { name: 'Morning' }));
    await waitFor(() => {
      const last = api.callsTo('GET /api/v1/backstage/insights').at(-1)!.query;
      expect([last.get('scope'), last.get('id')]).toEqual(['track', '1']);
    });
  });
});

import '../../../ui/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { jsonResponse, mockApi } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';

// The upload queue has tests of its own; here a chosen file arrives as file entry 80 + n.
let uploaded = 0;
vi.mock('../../uploads/use-upload-queue', () => ({
  useUploadQueue: () => ({ items: [], add: vi.fn(), abort: vi.fn(), clear: vi.fn() }),
  uploadOne: (file: File) => ({
    id: `upload-${file.name}`,
    settled: Promise.resolve({
      id: `upload-${file.name}`,
      status: 'completed',
      entry: { id: 80 + ++uploaded },
    }),
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
  uploaded = 0;
});

const job = (patch: object) => ({
  id: 7,
  folder: '/srv/music/Field Notes',
  status: 'running',
  total: 20,
  processed: 5,
  imported: 4,
  updated: 0,
  removed: 0,
  failed: 1,
  errors: [{ path: '/srv/music/Field Notes/broken.mp3', reason: 'Not an audio file.' }],
  started_at: '2026-11-25T10:00:00.000Z',
  finished_at: null,
  created_at: '2026-11-25T10:00:00.000Z',
  ...patch,
});
const page = (data: object[]) => ({
  pagination: { data, current_page: 1, per_page: 15, total: data.length, last_page: 1 },
});

function visit(imports: object[]) {
  const api = mockApi()
    .on('GET /api/v1/admin/library/folders', {
      folders: [
        { path: '/srv/music', root: true },
        { path: '/srv/music/Field Notes', root: false },
      ],
    })
    .on('GET /api/v1/admin/library/imports', page(imports))
    .on('GET /api/v1/settings', { settings: { 'library.rescan_hours': 0 }, secrets: {} });
  const user = makeUser({ permissionNames: ['admin.access', 'music.import'] });
  renderScreen('/admin/*', '/admin/library', AdminArea, makeBootstrap({ user }));
  return api;
}

describe('the library import screen', () => {
  it('asks for a folder, then starts the import of the chosen one', async () => {
    const api = visit([]);
    expect(await screen.findByText('No imports yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Choose the folder to import.')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Folder' }));
    await userEvent.click(await screen.findByRole('option', { name: '…/Field Notes' }));
    api.on('POST /api/v1/admin/library/imports', { job: job({ status: 'queued' }) }, 202);
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Import started'));
    expect(api.callsTo('POST /api/v1/admin/library/imports')[0]!.body).toEqual({
      folder: '/srv/music/Field Notes',
    });
  });

  it('shows the running import with its figures and failures, and cancels it', async () => {
    const api = visit([job({})]);
    const progress = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    const region = screen.getByRole('region', { name: 'Importing' });
    expect(within(region).getByText('25%, 5 of 20 files')).toBeTruthy();
    expect(within(region).getByText('Not an audio file.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Start import' }).disabled).toBe(
      true,
    );

    api.on('POST /api/v1/admin/library/imports/7/cancel', { job: job({ status: 'cancelled' }) });
    await userEvent.click(within(region).getByRole('button', { name: 'Cancel import' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Import cancelled'));
    expect(api.callsTo('POST /api/v1/admin/library/imports/7/cancel')).toHaveLength(1);
  });

  it('imports uploaded audio files one by one and says what each became or why it was refused', async () => {
    const api = visit([]);
    await screen.findByText('No imports yet');
    let call = 0;
    api.onCall('POST /api/v1/admin/library/uploads', () =>
      ++call === 1
        ? jsonResponse(
            { track: { id: 9, name: 'Beacon', artists: ['Harbour Lights'], album: 'Night Ferry' } },
            201,
          )
        : jsonResponse(
            {
              message:
                'This file is not audio Cadenza can import: use MP3, FLAC, Ogg, WAV, AAC or M4A.',
            },
            422,
          ),
    );
    await userEvent.upload(screen.getByLabelText('Choose audio files to import'), [
      new File(['a'], '02 - Beacon.mp3', { type: 'audio/mpeg' }),
    ]);
    const results = await screen.findByRole('list', { name: 'Uploaded files' });
    expect(
      await within(results).findByText('Imported as Beacon by Harbour Lights, on Night Ferry'),
    ).toBeTruthy();

    await userEvent.upload(screen.getByLabelText('Choose audio files to import'), [
      new File(['b'], 'notes.mp3', { type: 'audio/mpeg' }),
    ]);
    expect(
      await within(results).findByText(
        'This file is not audio Cadenza can import: use MP3, FLAC, Ogg, WAV, AAC or M4A.',
      ),
    ).toBeTruthy();
    expect(within(results).getByText('notes.mp3')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/library/uploads').map((c) => c.body)).toEqual([
      { file_entry_id: 81 },
      { file_entry_id: 82 },
    ]);
  });
});

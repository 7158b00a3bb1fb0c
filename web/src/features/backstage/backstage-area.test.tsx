import '../../ui/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { mockApi } from '../auth/testing/mock-api';
import { makeArtist } from '../player/screens/common/testing/music-factory';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { BackstageArea } from './backstage-area';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const request = (fields: object) => ({
  id: 1,
  type: 'become-artist',
  status: 'pending',
  artist_name: 'Lua Verde',
  artist: null,
  workspace: null,
  links: [],
  proof: 'My site',
  message: null,
  image: null,
  reason: null,
  user: { id: 5, name: 'Ana' },
  created_at: '2026-11-20T10:00:00.000Z',
  reviewed_at: null,
  ...fields,
});

function visit(path: string, replies: (api: ReturnType<typeof mockApi>) => void = () => {}) {
  const api = mockApi()
    .on('GET /api/v1/me/workspaces', {
      workspaces: [
        { id: 0, name: 'Default', members_count: 1 },
        { id: 4, name: 'Selo Sul', members_count: 3, role_id: 1 },
        { id: 6, name: 'Friends', members_count: 2, role_id: 3 },
      ],
    })
    .on('GET /api/v1/backstage/artists', {
      artists: [
        {
          id: 9,
          name: 'Duo Norte',
          image_small: null,
          verified: false,
          workspace: { id: 4, name: 'Selo Sul' },
        },
      ],
    })
    .on('GET /api/v1/backstage/requests', {
      requests: [
        request({}),
        request({
          id: 2,
          type: 'claim-artist',
          status: 'denied',
          artist_name: 'Banda Clara',
          reason: 'We could not reach you.',
        }),
      ],
    });
  replies(api);
  renderScreen('/backstage/*', path, BackstageArea, makeBootstrap({ user: makeUser() }));
  return api;
}

describe('the backstage', () => {
  it('shows the artists one manages and the requests with their answers', async () => {
    visit('/backstage');
    const artists = await screen.findByRole('list', { name: 'Your artists' });
    expect(within(artists).getByRole('link', { name: 'Duo Norte' }).getAttribute('href')).toBe(
      '/backstage/artists/9',
    );
    expect(within(artists).getByText('Through Selo Sul')).toBeTruthy();
    const requests = await screen.findByRole('list', { name: 'Your requests' });
    const rows = within(requests).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Waiting for review')).toBeTruthy();
    expect(within(rows[1]!).getByText('Declined')).toBeTruthy();
    expect(within(rows[1]!).getByText('We could not reach you.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Claim your profile/ }).getAttribute('href')).toBe(
      '/backstage/requests/new?type=claim-artist',
    );
  });

  it('asks to become an artist for a label, with links and proof checked first', async () => {
    const api = visit('/backstage/requests/new?type=become-artist');
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Give the artist a name.')).toBeTruthy();
    expect(screen.getByText('Tell us how we can check it is you.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/backstage/requests')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /^Artist name/ }), 'Coro do Sul');
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Site');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'javascript:alert(1)');
    await userEvent.type(
      screen.getByRole('textbox', { name: /How can we check it is you/ }),
      'Our label page lists the choir.',
    );
    // Only the workspaces the user runs can ask as a label.
    await userEvent.click(screen.getByRole('combobox', { name: /On behalf of/ }));
    expect(screen.queryByRole('option', { name: 'Friends' })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Selo Sul' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Enter a full address, starting with https://')).toBeTruthy();

    await userEvent.clear(screen.getByRole('textbox', { name: 'Address' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Address' }),
      'https://corodosul.example',
    );
    api.on('POST /api/v1/backstage/requests', { request: request({}) }, 201);
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(currentToast()?.message).toBe('Request sent. We will let you know.'),
    );
    expect(api.callsTo('POST /api/v1/backstage/requests')[0]!.body).toEqual({
      type: 'become-artist',
      artist_name: 'Coro do Sul',
      workspace_id: 4,
      links: [{ url: 'https://corodosul.example', title: 'Site' }],
      proof: 'Our label page lists the choir.',
      message: null,
      image_file_entry_id: null,
    });
    expect(await screen.findByRole('heading', { name: 'Your artists' })).toBeTruthy();
  });

  it("claims a profile found by name, and shows the server's refusal", async () => {
    const api = visit('/backstage/requests/new?type=claim-artist');
    api
      .on('GET /api/v1/search', {
        query: 'banda',
        results: {
          artists: {
            data: [{ id: 12, name: 'Banda Clara', image_small: null }],
            current_page: 1,
            per_page: 10,
            total: 1,
            last_page: 1,
          },
        },
      })
      .on(
        'POST /api/v1/backstage/requests',
        {
          message: 'The given data was invalid.',
          errors: { artist_id: ['This artist is claimed already.'] },
        },
        422,
      );
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Find artists' }),
      'banda{Enter}',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Banda Clara' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /How can we check it is you/ }),
      'The band page names me.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('This artist is claimed already.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/backstage/requests')[0]!.body).toMatchObject({
      type: 'claim-artist',
      artist_id: 12,
    });
  });

  it("edits an artist's profile, the preview following the changes", async () => {
    const artist = makeArtist({
      id: 9,
      name: 'Duo Norte',
      bio: '<p>Two voices, <strong>one guitar</strong>.</p><script>alert(1)</script>',
      location: 'Belém',
      links: [{ url: 'https://duonorte.example', title: 'Website' }],
      genres: [{ id: 1, name: 'folk', display_name: 'Folk', model_type: 'genre' }],
    });
    const api = visit('/backstage/artists/9', (replies) =>
      replies
        .on('GET /api/v1/backstage/artists/9', { artist, access: 'edit' })
        .on('PUT /api/v1/backstage/artists/9', { artist }),
    );
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('one guitar').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();
    const location = screen.getByRole('textbox', { name: /^Location/ });
    await userEvent.clear(location);
    await userEvent.type(location, 'Manaus');
    expect(within(preview).getByText('Manaus')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Genres/ }), ', Forró');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Profile saved'));
    expect(api.callsTo('PUT /api/v1/backstage/artists/9')[0]!.body).toEqual({
      bio: artist.bio,
      links: [{ url: 'https://duonorte.example', title: 'Website' }],
      genres: ['Folk', 'Forró'],
      location: 'Manaus',
    });
  });

  it('shows a label member the profile without the editor', async () => {
    visit('/backstage/artists/9', (replies) =>
      replies.on('GET /api/v1/backstage/artists/9', {
        artist: makeArtist({ id: 9, name: 'Coro do Sul' }),
        access: 'view',
      }),
    );
    expect(
      await screen.findByText(
        'Your role in the label lets you see this profile. Its owner and admins change it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save profile' })).toBeNull();
  });

  it('answers an address the backstage does not have with the not-found page', async () => {
    visit('/backstage/nothing-here');
    expect(
      await screen.findByRole('heading', {
        name: "Looks like you've found the doorway to the great nothing",
      }),
    ).toBeTruthy();
  });
});

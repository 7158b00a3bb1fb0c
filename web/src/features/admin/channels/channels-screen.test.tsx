import '../../../ui/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { mockApi } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const page = (data: object[]) => ({
  data,
  current_page: 1,
  per_page: 10,
  total: data.length,
  last_page: 1,
});

describe('the channel editor', () => {
  it('builds a channel by hand: finds tracks, adds and orders them, and saves them in order', async () => {
    const api = mockApi().on('GET /api/v1/search', {
      query: 'night',
      results: {
        tracks: page([
          { id: 11, name: 'Night drive', model_type: 'track' },
          { id: 12, name: 'Night swim', model_type: 'track' },
        ]),
      },
    });
    const user = makeUser({ permissionNames: ['admin.access', 'channels.update'] });
    renderScreen('/admin/*', '/admin/channels/new', AdminArea, makeBootstrap({ user }));

    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Late night');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Address/ }).value).toBe(
      'late-night',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Filled' }));
    await userEvent.click(await screen.findByRole('option', { name: 'By hand' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find tracks' }), 'night{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Night drive' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Night swim' }));
    const items = screen.getByRole('list', { name: 'Channel items' });
    await userEvent.click(within(items).getByRole('button', { name: 'Move Night swim up' }));
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Night swim', 'Night drive']);

    await userEvent.click(screen.getByRole('combobox', { name: /^Order/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Most played' }));

    api.on('POST /api/v1/admin/channels', { channel: { id: 4 } }, 201);
    api.on('GET /api/v1/admin/channels/4', { channel: { id: 4 }, items: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Channel created'));
    expect(api.callsTo('POST /api/v1/admin/channels')[0]!.body).toMatchObject({
      name: 'Late night',
      slug: 'late-night',
      content_type: 'track',
      query: null,
      sort: 'popular',
      items: [
        { type: 'track', id: 12 },
        { type: 'track', id: 11 },
      ],
    });
  });

  it('edits a query channel with the item count it has, and saves a new one', async () => {
    const api = mockApi()
      .on('GET /api/v1/admin/channels/7', {
        channel: {
          id: 7,
          name: 'Popular',
          slug: 'popular',
          model_type: 'channel',
          description: null,
          content_type: 'track',
          layout: 'trackTable',
          query: 'topTracks',
        },
        query_limit: 12,
        items: [],
      })
      .on('GET /api/v1/channel/7', { channel: { id: 7, content: page([]) } })
      .on('PUT /api/v1/admin/channels/7', { channel: { id: 7 } });
    const user = makeUser({ permissionNames: ['admin.access', 'channels.update'] });
    renderScreen('/admin/*', '/admin/channels/7', AdminArea, makeBootstrap({ user }));

    const count = await screen.findByRole<HTMLInputElement>('spinbutton', {
      name: /^Number of items/,
    });
    expect(count.value).toBe('12');
    await userEvent.clear(count);
    await userEvent.type(count, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/admin/channels/7')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/admin/channels/7')[0]!.body).toMatchObject({
      query: 'topTracks',
      query_limit: 30,
    });
  });

  it("fills a channel with a public playlist's tracks, chosen by name, in another order", async () => {
    const api = mockApi().on('GET /api/v1/search', {
      query: 'road',
      results: { playlists: page([{ id: 21, name: 'Road trip', model_type: 'playlist' }]) },
    });
    const user = makeUser({ permissionNames: ['admin.access', 'channels.update'] });
    renderScreen('/admin/*', '/admin/channels/new', AdminArea, makeBootstrap({ user }));

    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Road trip');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filled' }));
    await userEvent.click(
      await screen.findByRole('option', { name: "By query: A playlist's tracks" }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose a playlist.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/channels')).toHaveLength(0);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find playlists' }), 'road{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Road trip' }));
    expect(api.callsTo('GET /api/v1/search')[0]!.query.get('types')).toBe('playlists');
    await userEvent.click(screen.getByRole('combobox', { name: /^Order/ }));
    expect(await screen.findByRole('option', { name: "The playlist's order" })).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: 'Latest released' }));

    api.on('POST /api/v1/admin/channels', { channel: { id: 5 } }, 201);
    api.on('GET /api/v1/admin/channels/5', { channel: { id: 5 }, items: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Channel created'));
    expect(api.callsTo('POST /api/v1/admin/channels')[0]!.body).toMatchObject({
      content_type: 'track',
      query: 'playlistTracks',
      query_value: '21',
      sort: 'release',
    });
  });

  it("shows the playlist a channel is filled from, and the server's refusal", async () => {
    const api = mockApi()
      .on('GET /api/v1/admin/channels/8', {
        channel: {
          id: 8,
          name: 'Road trip',
          slug: 'road-trip',
          model_type: 'channel',
          description: null,
          content_type: 'track',
          layout: 'trackTable',
          paging: 'infinite',
          sort: 'curated',
          query: 'playlistTracks',
          query_value: '21',
        },
        query_limit: 20,
        query_value_name: 'Road trip mix',
        items: [],
      })
      .on('GET /api/v1/channel/8', { channel: { id: 8, content: page([]) } })
      .on(
        'PUT /api/v1/admin/channels/8',
        {
          message: 'The given data was invalid.',
          errors: { query_value: ['Choose a public playlist: visitors cannot see a private one.'] },
        },
        422,
      );
    const user = makeUser({ permissionNames: ['admin.access', 'channels.update'] });
    renderScreen('/admin/*', '/admin/channels/8', AdminArea, makeBootstrap({ user }));

    const choice = await screen.findByRole('group', { name: 'Playlist' });
    expect(within(choice).getByText('Road trip mix')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(choice).findByText(
        'Choose a public playlist: visitors cannot see a private one.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/admin/channels/8')[0]!.body).toMatchObject({
      query_value: '21',
    });
  });
});

describe('the channels list', () => {
  it('explains channels in a help panel on the page, not by pointing to a file', async () => {
    mockApi().on('GET /api/v1/admin/channels', { pagination: page([]) });
    const user = makeUser({ permissionNames: ['admin.access', 'channels.update'] });
    renderScreen('/admin/*', '/admin/channels', AdminArea, makeBootstrap({ user }));

    const help = await screen.findByRole('button', { name: 'How channels work' });
    expect(screen.queryByText(/docs\/channels\.md/)).toBeNull();
    expect(help.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'How channels work' })).toBeNull();

    await userEvent.setup().click(help);
    const panel = screen.getByRole('region', { name: 'How channels work' });
    expect(help.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(panel).getByText(/^Filled by a query, a channel keeps itself up to date/),
    ).toBeTruthy();
    expect(within(panel).getByText(/^Filled by hand/)).toBeTruthy();
  });
});

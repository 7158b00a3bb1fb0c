import '../../ui/test-utils';
import type { AdminRole, AdminUser } from '@cadenza/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { mockApi, validationError } from '../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { ImpersonationBanner } from '../shell/impersonation-banner';
import { browserLocation } from '../../app/browser-location';
import { AdminArea } from './admin-area';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetScreenState();
});

const adminUser = (permissionNames = ['admin.access', 'admin']) =>
  makeUser({ id: 1, permissionNames });

function member(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    email: 'grace@example.com',
    username: 'grace',
    display_name: 'Grace Hopper',
    first_name: 'Grace',
    last_name: 'Hopper',
    avatar: null,
    email_verified_at: '2026-01-01T00:00:00Z',
    two_factor_enabled: false,
    created_at: '2026-02-01T00:00:00Z',
    roles: [{ id: 2, name: 'users' }],
    permissions: [],
    subscribed: false,
    ban: null,
    ...overrides,
  };
}

const ROLES: AdminRole[] = [
  ['admin', false, false],
  ['users', true, false],
  ['guests', false, true],
].map(([name, isDefault, guests], index) => ({
  id: index + 1,
  name: name as string,
  description: null,
  default: isDefault as boolean,
  guests: guests as boolean,
  permissions: name === 'admin' ? [{ name: 'admin', restrictions: [] }] : [],
  users_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}));

const page = (data: AdminUser[]) => ({
  pagination: { data, current_page: 1, per_page: 15, total: data.length, last_page: 1 },
});

function visit(
  path: string,
  user = adminUser(),
  replies: (api: ReturnType<typeof mockApi>) => void = () => {},
) {
  const api = mockApi()
    .on('GET /api/v1/admin/users', page([member()]))
    .on('GET /api/v1/admin/roles', {
      pagination: {
        data: ROLES,
        current_page: 1,
        per_page: 100,
        total: ROLES.length,
        last_page: 1,
      },
    })
    .on('GET /api/v1/admin/permissions', {
      permissions: [
        { name: 'music.view', group: 'music', description: 'Listen to and browse music.' },
        {
          name: 'playlists.create',
          group: 'music',
          description: 'Create playlists (restriction "count": how many).',
        },
      ],
    });
  replies(api);
  renderScreen('/admin/*', path, AdminArea, makeBootstrap({ user }));
  return api;
}

describe('the admin area', () => {
  it('shows only the sections the admin may open, and 403 for the others', async () => {
    visit('/admin/roles', adminUser(['admin.access', 'users.update']));
    expect(await screen.findByText("You don't have access to this section")).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Roles' })).toBeNull();
    for (const link of screen.getAllByRole('link', { name: 'Back to the site' })) {
      expect(link.getAttribute('href')).toBe('/');
    }
  });

  it('opens the first section the admin may use', async () => {
    visit('/admin', adminUser(['admin.access', 'users.update']));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' }).textContent).toContain('Users');
  });
});

describe('/admin/users', () => {
  it('lists users and searches, filters and sorts through the API', async () => {
    const api = visit('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Grace Hopper')).toBeTruthy();
    expect(within(table).getByText('Verified')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'grace');
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/admin/users').at(-1)!.query.get('query')).toBe('grace'),
    );
    await userEvent.click(within(table).getByRole('button', { name: /Joined/ }));
    await waitFor(() => {
      const query = api.callsTo('GET /api/v1/admin/users').at(-1)!.query;
      expect([query.get('orderBy'), query.get('orderDir'), query.get('query')]).toEqual([
        'created_at',
        'asc',
        'grace',
      ]);
    });
  });

  it('creates a user, with the rules checked as the admin types and the server’s errors on the fields', async () => {
    const api = visit('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByLabelText(/^Email\*?$/), 'nope');
    await userEvent.type(within(dialog).getByLabelText(/^Password\*?$/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
    expect(within(dialog).getByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users')).toHaveLength(0);

    api.on(
      'POST /api/v1/admin/users',
      validationError({ email: 'The email has already been taken.' }),
      422,
    );
    await userEvent.clear(within(dialog).getByLabelText(/^Email\*?$/));
    await userEvent.type(within(dialog).getByLabelText(/^Email\*?$/), 'grace@example.com');
    await userEvent.clear(within(dialog).getByLabelText(/^Password\*?$/));
    await userEvent.type(within(dialog).getByLabelText(/^Password\*?$/), 'long-enough-password');
    // The role of new accounts is ticked already.
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'users' }).checked).toBe(
      true,
    );
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: /playlists.create/ }),
    );
    await userEvent.type(within(dialog).getByPlaceholderText('No limit'), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users')[0]!.body).toMatchObject({
      email: 'grace@example.com',
      password: 'long-enough-password',
      email_verified: true,
      role_ids: [2],
      permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 50 }] }],
    });

    api.on('POST /api/v1/admin/users', { user: member({ id: 9 }) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull());
    expect(currentToast()?.message).toBe('User created');
  });

  it('bans a user with a reason, and lifts the ban', async () => {
    const api = visit('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Actions for Grace Hopper' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Grace Hopper' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('Say why the account is banned.')).toBeTruthy();
    api.on('POST /api/v1/admin/users/7/ban', {
      user: member({
        ban: { reason: 'Spam', banned_at: '2026-11-25T00:00:00Z', banned_until: null },
      }),
    });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() =>
      expect(currentToast()?.message).toBe('Grace Hopper is banned and signed out'),
    );
    expect(api.callsTo('POST /api/v1/admin/users/7/ban')[0]!.body).toEqual({
      reason: 'Spam',
      banned_until: null,
    });
  });

  it('asks before deleting the selected users', async () => {
    const api = visit('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(
      await within(table).findByRole('checkbox', { name: 'Select Grace Hopper' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete 1 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    api.on('DELETE /api/v1/admin/users/7', { message: 'User deleted' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentToast()?.message).toBe('User deleted'));
    expect(api.callsTo('DELETE /api/v1/admin/users/7')).toHaveLength(1);
  });
});

describe('/admin/roles', () => {
  it('marks the default and guest roles, and keeps them from being deleted', async () => {
    visit('/admin/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(await within(table).findByText('New accounts')).toBeTruthy();
    expect(within(table).getByText('Visitors')).toBeTruthy();
    expect(within(table).getByText('Every permission')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Delete admin' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Delete users' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete guests' })).toBeNull();
  });

  it('reads every role in one page of the list', async () => {
    const api = visit('/admin/roles');
    await screen.findByRole('table', { name: 'Roles' });
    expect(api.callsTo('GET /api/v1/admin/roles')[0]?.query.get('perPage')).toBe('100');
  });

  it('shows the server’s refusal on the field it concerns', async () => {
    const api = visit('/admin/roles');
    api.on(
      'PUT /api/v1/admin/roles/1',
      validationError(
        { permissions: 'At least one user must keep the admin permission.' },
        'At least one user must keep the admin permission.',
      ),
      422,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('At least one user must keep the admin permission.'),
    ).toBeTruthy();
  });
});

describe('/admin/ads', () => {
  it('saves a slot’s code, and switches a slot off keeping its code', async () => {
    const api = mockApi().on('GET /api/v1/settings', {
      settings: { 'ads.artist_top': '<b>Tickets</b>', 'ads.disabled': [] },
      secrets: {},
    });
    renderScreen('/admin/*', '/admin/ads', AdminArea, makeBootstrap({ user: adminUser() }));
    const slot = await screen.findByRole('region', { name: 'Artist page, below the header' });
    expect(within(slot).getByTitle('Preview of Artist page, below the header')).toBeTruthy();
    api.on('POST /api/v1/settings', {
      settings: { 'ads.artist_top': '<b>Tickets</b>', 'ads.disabled': ['artist_top'] },
      secrets: {},
    });
    await userEvent.click(within(slot).getByRole('switch', { name: 'Show' }));
    await waitFor(() => expect(currentToast()?.message).toBe('The ad is hidden'));
    expect(api.callsTo('POST /api/v1/settings')[0]!.body).toEqual({
      'ads.disabled': ['artist_top'],
    });

    const album = screen.getByRole('region', { name: 'Album page, above the tracks' });
    await userEvent.type(
      within(album).getByLabelText('Ad code for Album page, above the tracks'),
      '<i>Merch</i>',
    );
    await userEvent.click(within(album).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/settings')).toHaveLength(2));
    expect(api.callsTo('POST /api/v1/settings')[1]!.body).toEqual({
      'ads.album_above': '<i>Merch</i>',
    });
  });
});

describe('/admin/pages', () => {
  it('goes from New page back to the list, whose dates read like every admin date', async () => {
    const api = visit(
      '/admin/pages/new',
      makeUser({ id: 1, permissionNames: ['admin'], timezone: 'UTC' }),
    );
    api.on('GET /api/v1/custom-pages', {
      pagination: {
        data: [
          {
            id: 4,
            slug: 'privacy-policy',
            title: 'Privacy policy',
            body: '<p>We keep little.</p>',
            type: 'default',
            meta_description: null,
            user_id: 1,
            created_at: '2026-01-10T09:00:00Z',
            updated_at: '2026-02-01T17:05:00Z',
          },
        ],
        current_page: 1,
        per_page: 15,
        total: 1,
        last_page: 1,
      },
    });
    expect(await screen.findByRole('heading', { name: 'New page', level: 1 })).toBeTruthy();
    const allPages = screen.getByRole('link', { name: 'All pages' });
    expect(allPages.getAttribute('href')).toBe('/admin/pages');

    await userEvent.setup().click(allPages);
    expect(await screen.findByRole('heading', { name: 'Custom pages', level: 1 })).toBeTruthy();
    const row = within(screen.getByRole('table', { name: 'Custom pages' }))
      .getByText('Privacy policy')
      .closest('tr')!;
    expect(within(row).getByText('Feb 01, 2026')).toBeTruthy();
  });
});

describe('/admin/localizations', () => {
  it('shows each form of a plural as a readable label, not its raw key', async () => {
    visit('/admin/localizations/pt-BR', adminUser(), (api) =>
      api
        .on('GET /api/v1/admin/localizations', {
          localizations: [
            {
              language: 'pt-BR',
              name: 'Português (Brasil)',
              shipped: true,
              default: false,
              translated: 2,
              total: 3,
            },
          ],
        })
        .on('GET /api/v1/admin/localizations/pt-BR/lines', {
          pagination: {
            data: [
              { key: '{{count}} followers_one', value: '{{count}} seguidor', shipped: null },
              { key: '{{count}} followers_other', value: '', shipped: null },
              { key: 'Save', value: 'Salvar', shipped: 'Salvar' },
            ],
            current_page: 1,
            per_page: 25,
            total: 3,
            last_page: 1,
          },
        }),
    );
    const table = within(await screen.findByRole('table', { name: 'Lines' }));
    expect(await table.findByText('{{count}} followers — one')).toBeTruthy();
    expect(table.getByText('{{count}} followers — other')).toBeTruthy();
    expect(table.queryByText(/_one|_other/)).toBeNull();
    expect(
      table.getByRole('textbox', { name: 'Translation of “{{count}} followers — other”' }),
    ).toBeTruthy();
  });
});

describe('/admin/logs/errors', () => {
  it('lists the day’s errors and opens one on its frames and code', async () => {
    const frame = {
      path: 'server/src/modules/music/plays/plays.service.ts',
      lineNumber: 12,
      method: 'countPlay',
      codeSnippet: { 11: 'const a = 1;', 12: 'throw new RangeError("jammed");' },
      flatIndex: 0,
      vendor: false,
    };
    mockApi().on('GET /api/v1/admin/error-log', {
      files: ['errors-2026-11-25.log'],
      file: 'errors-2026-11-25.log',
      pagination: {
        data: [
          {
            time: '2026-11-25T10:00:00Z',
            method: 'GET',
            url: '/api/v1/tracks/1/play',
            user_id: 7,
            debug: {
              message: 'jammed',
              exception: 'RangeError',
              ignitionTrace: true,
              trace: [frame],
              totalVendorGroups: 0,
            },
          },
        ],
        current_page: 1,
        per_page: 20,
        total: 1,
        last_page: 1,
      },
    });
    renderScreen('/admin/*', '/admin/logs/errors', AdminArea, makeBootstrap({ user: adminUser() }));
    const entry = await screen.findByRole('button', { name: /RangeError jammed/ });
    expect(entry.textContent).toContain('GET /api/v1/tracks/1/play');
    await userEvent.click(entry);
    expect(await screen.findByText('throw new RangeError("jammed");')).toBeTruthy();
  });
});

describe('the banner of an admin signed in as someone else', () => {
  it('names the user and takes the admin back', async () => {
    const api = mockApi().on('POST /api/v1/impersonation/stop', { message: 'Welcome back' });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const data = {
      ...makeBootstrap({ user: makeUser() }),
      impersonator: { id: 1, display_name: 'Root' },
    };
    renderScreen('/', '/', ImpersonationBanner, data);
    expect(await screen.findByText('You are signed in as Ada Lovelace.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Root' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/users'));
    expect(api.callsTo('POST /api/v1/impersonation/stop')).toHaveLength(1);
  });
});

import '../../ui/test-utils';
import type { Workspace } from '@cadenza/contracts/workspaces';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getActiveWorkspaceId, setActiveWorkspaceId } from '../../api/active-workspace';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { mockApi, validationError } from '../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { Navbar } from '../shell/navbar';
import { WorkspacePage } from './workspace-page';
import { WorkspacesPage } from './workspaces-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveWorkspaceId(0);
  resetScreenState();
});

const OWNER = {
  role_id: 1,
  role_name: 'owner',
  permissions: [
    'workspace.update',
    'workspace.delete',
    'workspace.members.invite',
    'workspace.members.update',
  ],
};
const MEMBER = { role_id: 3, role_name: 'member', permissions: [] };

function workspace(currentUser = OWNER): Workspace {
  return {
    id: 5,
    name: 'Label',
    owner_id: 1,
    members_count: 2,
    members: [
      {
        id: 1,
        display_name: 'Ada Lovelace',
        email: 'ada@example.com',
        avatar: null,
        role_id: 1,
        role_name: 'owner',
        joined_at: '2026-01-01T00:00:00Z',
      },
      {
        id: 2,
        display_name: 'Grace Hopper',
        email: 'grace@example.com',
        avatar: null,
        role_id: currentUser === OWNER ? 3 : 3,
        role_name: 'member',
        joined_at: '2026-01-02T00:00:00Z',
      },
    ],
    invites: [
      {
        id: 'invite-1',
        email: 'joan@example.com',
        role_id: 3,
        role_name: 'member',
        expires_at: '2026-12-01T00:00:00Z',
        created_at: '2026-11-24T00:00:00Z',
      },
    ],
    currentUser,
  };
}

/** As `GET value-lists/workspaceRoles` answers. */
const WORKSPACE_ROLES = {
  workspaceRoles: [
    {
      id: 1,
      name: 'owner',
      description: 'Owns the workspace: also renames, deletes or hands it over.',
      permissions: OWNER.permissions,
      invitable: false,
      default: false,
    },
    {
      id: 2,
      name: 'admin',
      description: 'Also invites and manages members.',
      permissions: ['workspace.update', 'workspace.members.invite', 'workspace.members.update'],
      invitable: true,
      default: false,
    },
    {
      id: 3,
      name: 'member',
      description: 'Uses what the workspace shares.',
      permissions: [],
      invitable: true,
      default: true,
    },
  ],
};

const WORKSPACES = {
  workspaces: [
    { id: 0, name: 'Default', members_count: 1 },
    { id: 5, name: 'Label', members_count: 2, role_id: 1 },
  ],
};

function visitWorkspace(currentUser = OWNER, user = makeUser()) {
  const api = mockApi().on('GET /api/v1/workspace/5', { workspace: workspace(currentUser) });
  renderScreen('/workspaces/:workspaceId', '/workspaces/5', WorkspacePage, makeBootstrap({ user }));
  return api;
}

describe('/workspaces', () => {
  it('lists the workspaces, Default first and active, and switches to another', async () => {
    const api = mockApi().on('GET /api/v1/me/workspaces', WORKSPACES);
    renderScreen('/workspaces', '/workspaces', WorkspacesPage, makeBootstrap({ user: makeUser() }));
    const list = await screen.findByRole('list', { name: 'Your workspaces' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')!.textContent)).toEqual([
      'DefaultActive',
      'Label',
    ]);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Switch to' }));
    expect(getActiveWorkspaceId()).toBe(5);
    expect(document.cookie).toContain('activeWorkspaceId=5');
    await waitFor(() => expect(within(rows[1]!).getByText('Active')).toBeTruthy());
    expect(api.callsTo('GET /api/v1/me/workspaces').length).toBeGreaterThan(0);
  });

  it('creates a workspace, with the server’s message on a bad name', async () => {
    const api = mockApi()
      .on('GET /api/v1/me/workspaces', WORKSPACES)
      .on('POST /api/v1/workspace', validationError({ name: 'The name field is required.' }), 422);
    renderScreen('/workspaces', '/workspaces', WorkspacesPage, makeBootstrap({ user: makeUser() }));
    await userEvent.click(await screen.findByRole('button', { name: 'New workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'New workspace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/workspace')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), '   ');
    api.on('POST /api/v1/workspace', { workspace: { ...workspace(), id: 9, name: 'Studio' } });
    await userEvent.clear(within(dialog).getByLabelText(/^Name/));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Studio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere: /workspaces/9' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/workspace')[0]!.body).toEqual({ name: 'Studio' });
    expect(getActiveWorkspaceId()).toBe(9);
    expect(currentToast()?.message).toBe('Workspace created');
  });
});

describe('/workspaces/:id', () => {
  it('lets the owner invite people by e-mail with a role', async () => {
    const api = visitWorkspace();
    api.on('POST /api/v1/workspace/5/invite', { workspace: workspace() });
    api.on('GET /api/v1/value-lists/workspaceRoles', WORKSPACE_ROLES);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    await userEvent.type(within(dialog).getByLabelText(/^Email addresses/), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Enter valid email addresses.')).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText(/^Email addresses/));
    await userEvent.type(
      within(dialog).getByLabelText(/^Email addresses/),
      'a@example.com, b@example.com',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/workspace/5/invite')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/workspace/5/invite')[0]!.body).toEqual({
      emails: ['a@example.com', 'b@example.com'],
      role_id: 3,
    });
    expect(api.callsTo('POST /api/v1/workspace/5/invite')[0]!.query.get('workspaceId')).toBeNull();
  });

  it('offers the roles the server lists as invitable, its default chosen until another is picked', async () => {
    const api = visitWorkspace();
    api.on('POST /api/v1/workspace/5/invite', { workspace: workspace() });
    api.on('GET /api/v1/value-lists/workspaceRoles', {
      workspaceRoles: [
        ...WORKSPACE_ROLES.workspaceRoles.map((role) => ({ ...role, default: false })),
        {
          id: 4,
          name: 'guest',
          description: 'Listens only.',
          permissions: [],
          invitable: true,
          default: true,
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    const role = within(dialog).getByRole('combobox', { name: /^Role/ });
    await waitFor(() => expect(role.textContent).toBe('guest'));
    await userEvent.click(role);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'AdminAlso invites and manages members.',
      'MemberUses what the workspace shares.',
      'guestListens only.',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /^Admin/ }));
    await userEvent.type(within(dialog).getByLabelText(/^Email addresses/), 'a@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/workspace/5/invite')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/workspace/5/invite')[0]!.body).toEqual({
      emails: ['a@example.com'],
      role_id: 2,
    });
  });

  it('shows the owner the pending invitations, to resend or revoke', async () => {
    const api = visitWorkspace();
    api.on('DELETE /api/v1/workspace/5/invite/invite-1', {
      workspace: { ...workspace(), invites: [] },
    });
    const invites = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(within(invites).getByText('joan@example.com')).toBeTruthy();
    await userEvent.click(
      within(invites).getByRole('button', { name: 'Revoke the invitation to joan@example.com' }),
    );
    await waitFor(() => expect(currentToast()?.message).toBe('Invitation revoked'));
  });

  it('asks before handing the workspace over', async () => {
    const api = visitWorkspace();
    api.on('POST /api/v1/workspace/5/member/2/change-role', { workspace: workspace() });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Role of Grace Hopper' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand the workspace over?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/workspace/5/member/2/change-role')[0]?.body).toEqual({
        role_id: 1,
      }),
    );
  });

  it('shows a member neither the invitations nor the role controls, and lets them leave', async () => {
    const api = visitWorkspace(MEMBER, makeUser({ id: 2 }));
    api.on('DELETE /api/v1/workspace/5/member/2', { message: 'Left' });
    setActiveWorkspaceId(5);
    await screen.findByRole('heading', { name: 'Label' });
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite people' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave workspace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere: /workspaces' })).toBeTruthy();
    expect(getActiveWorkspaceId()).toBe(0);
  });

  it('says when a workspace is not available to the user', async () => {
    mockApi().on('GET /api/v1/workspace/5', { message: 'Forbidden' }, 403);
    renderScreen(
      '/workspaces/:workspaceId',
      '/workspaces/5',
      WorkspacePage,
      makeBootstrap({ user: makeUser() }),
    );
    expect(await screen.findByText('This workspace is not available')).toBeTruthy();
  });
});

describe('the workspace switcher', () => {
  it('fetches the list only when opened, and switches the active workspace', async () => {
    const api = mockApi().on('GET /api/v1/me/workspaces', WORKSPACES);
    renderScreen('*', '/', () => <Navbar />, makeBootstrap({ user: makeUser() }));
    const trigger = screen.getByRole('button', { name: 'Workspace: Default' });
    expect(api.callsTo('GET /api/v1/me/workspaces')).toHaveLength(0);
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Label' }));
    expect(getActiveWorkspaceId()).toBe(5);
    expect(await screen.findByRole('button', { name: 'Workspace: Label' })).toBeTruthy();
  });
});

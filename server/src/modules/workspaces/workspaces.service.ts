import crypto from 'node:crypto';
import type { NotificationData } from '@cadenza/contracts/notifications';
import { DAY_MS } from '@cadenza/contracts/time';
import {
  DEFAULT_INVITE_ROLE,
  INVITE_DAYS,
  isInvitableRole,
  WORKSPACE_PERMISSIONS,
  workspaceRole,
  type Workspace,
  type WorkspaceSummary,
} from '@cadenza/contracts/workspaces';
import type { Kysely } from 'kysely';
import { escapeHtml } from '../../core/html.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../../infra/mail.js';
import { mailMessage, mailTranslator } from '../../infra/mail-template.js';
import type { SettingsService } from '../settings/settings.service.js';
import { displayName } from '@cadenza/contracts/display-name';
import type { UsersService } from '../users/users.service.js';
import type { UserRow } from '../users/users.table.js';
import * as repo from './workspaces.repo.js';
import type { WorkspaceInviteRow } from './workspaces.table.js';

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

const translator = mailTranslator('workspaces-mail');

/** Invite ids are secrets: long and random, so they cannot be guessed. */
const newInviteId = () => crypto.randomBytes(24).toString('base64url');

/**
 * What invitations need of notifications, which sit above workspaces and provide it: a notice
 * written in the recipient's language, and taking it back once the invitation is answered.
 */
export interface InvitationNotices {
  notify(
    recipient: UserRow,
    key: 'workspaceInvitation',
    build: (user: UserRow) => NotificationData,
  ): Promise<unknown>;
  withdraw(key: 'workspaceInvitation', field: 'inviteId', value: string): Promise<void>;
}

/** The notifications and mail invitations need, set once the services exist (they come later). */
export interface InvitationDelivery {
  notifications: InvitationNotices;
  mailer: Mailer;
  settings: SettingsService;
  appUrl: string;
}

export function createWorkspacesService(db: Kysely<Database>, users?: UsersService) {
  let delivery: InvitationDelivery | undefined;

  async function membership(workspaceId: number, userId: number) {
    const workspace = await repo.findWorkspace(db, workspaceId);
    if (!workspace) throw AppError.notFound('Workspace not found.');
    const member = await repo.findMembership(db, workspaceId, userId);
    if (!member) throw AppError.forbidden('You are not a member of this workspace.');
    const role = workspaceRole(member.role) ?? workspaceRole('member')!;
    return {
      workspace,
      role,
      can: (permission: string) => (role.permissions as readonly string[]).includes(permission),
    };
  }

  /** The caller's membership, refused unless the role allows `permission`. */
  async function allowed(workspaceId: number, userId: number, permission: string) {
    const found = await membership(workspaceId, userId);
    if (!found.can(permission)) {
      throw AppError.forbidden('Your role in this workspace does not allow this.');
    }
    return found;
  }

  function invitationData(
    invite: WorkspaceInviteRow,
    workspaceName: string,
    inviter: string,
    language: string | null,
  ): NotificationData {
    const t = translator(language);
    const role = t(workspaceRole(invite.role)?.name ?? 'member');
    return {
      image: 'group-add',
      inviteId: invite.id,
      lines: [
        {
          type: 'primary',
          content: t(':inviter invited you to join :workspace.', {
            inviter: `<b>${escapeHtml(inviter)}</b>`,
            workspace: `<b>${escapeHtml(workspaceName)}</b>`,
          }),
        },
        { type: 'other', content: escapeHtml(t('You would join as :role.', { role })) },
      ],
      mainAction: { label: t('View invitation'), action: '/notifications' },
      buttonActions: [
        { label: t('Join'), action: 'join' },
        { label: t('Decline'), action: 'decline' },
      ],
    };
  }

  /** Tells the invited person: a notification when they have an account, else an e-mail. */
  async function deliver(invite: WorkspaceInviteRow, workspaceName: string, inviter: string) {
    if (!delivery) return;
    const account = await users?.findByEmail(invite.email);
    if (account) {
      await delivery.notifications.notify(account, 'workspaceInvitation', (user) =>
        invitationData(invite, workspaceName, inviter, user.language),
      );
      return;
    }
    const siteName = await delivery.settings.get('branding.site_name');
    const t = translator(null);
    const url = `${delivery.appUrl}/workspace/join/register?${new URLSearchParams({ email: invite.email, invite: invite.id })}`;
    const heading = t(':inviter invited you to join :workspace on :site.', {
      inviter,
      workspace: workspaceName,
      site: siteName,
    });
    await delivery.mailer
      .send(
        mailMessage(invite.email, heading, {
          siteName,
          language: 'en',
          heading,
          paragraphs: [
            t(
              'Create your account with this address to accept. The invitation is valid for :days days.',
              { days: INVITE_DAYS },
            ),
          ],
          action: { label: t('Accept invitation'), url },
          footer: [t('If you did not expect this invitation, you can ignore this email.')],
        }),
      )
      .catch((error: unknown) => console.error('invitation mail failed', error));
  }

  /** An invitation the signed-in user may answer: theirs, and still valid. */
  async function answerable(inviteId: string, user: UserRow) {
    const invite = await repo.findInvite(db, inviteId);
    const valid =
      invite &&
      invite.expires_at > new Date().toISOString() &&
      invite.email === user.email.toLowerCase();
    if (!valid) throw AppError.notFound('This invite is no longer valid');
    return invite;
  }

  async function present(workspaceId: number, userId: number): Promise<Workspace> {
    const { workspace, role, can } = await membership(workspaceId, userId);
    const [members, invites] = await Promise.all([
      repo.membersOf(db, workspaceId),
      can(WORKSPACE_PERMISSIONS.invite) ? repo.invitesOf(db, workspaceId) : Promise.resolve([]),
    ]);
    const roleOf = (name: string) => workspaceRole(name) ?? workspaceRole('member')!;
    return {
      id: workspace.id,
      name: workspace.name,
      owner_id: workspace.owner_id,
      members_count: members.length,
      members: members.map((member) => ({
        id: member.id,
        display_name: displayName(member),
        email: member.email,
        avatar: member.avatar,
        role_id: roleOf(member.role).id,
        role_name: member.role,
        joined_at: member.created_at,
      })),
      invites: invites.map((invite) => ({
        id: invite.id,
        email: invite.email,
        role_id: roleOf(invite.role).id,
        role_name: invite.role,
        expires_at: invite.expires_at,
        created_at: invite.created_at,
      })),
      currentUser: { role_id: role.id, role_name: role.name, permissions: [...role.permissions] },
    };
  }

  return {
    /** Wires invitation delivery once notifications exist. */
    useDelivery(next: InvitationDelivery): void {
      delivery = next;
    },

    create: async (name: string, ownerId: number) => repo.insertWorkspace(db, name, ownerId),

    /** A request may act in a workspace only as one of its members. */
    async assertMember(workspaceId: number, userId: number | null): Promise<void> {
      if (userId === null) throw AppError.unauthenticated();
      await membership(workspaceId, userId);
    },

    /** The user's role in the workspace, or null for someone outside it. */
    async roleIn(workspaceId: number, userId: number) {
      const member = await repo.findMembership(db, workspaceId, userId);
      return member ? (workspaceRole(member.role) ?? workspaceRole('member')!) : null;
    },

    async isMember(workspaceId: number, userId: number): Promise<boolean> {
      return (await repo.findMembership(db, workspaceId, userId)) !== undefined;
    },

    /** The user's workspaces: the Default workspace (id 0, the user alone) first. */
    async listFor(userId: number): Promise<WorkspaceSummary[]> {
      const rows = await repo.workspacesOf(db, userId);
      return [
        { id: 0, name: 'Default', members_count: 1 },
        ...rows.map((row) => ({
          id: row.id,
          name: row.name,
          members_count: Number(row.members_count),
          role_id: workspaceRole(row.role)?.id ?? 3,
        })),
      ];
    },

    async createFor(userId: number, name: string): Promise<Workspace> {
      const id = await repo.insertWorkspace(db, name, userId);
      return present(id, userId);
    },

    get: present,

    async rename(workspaceId: number, userId: number, name: string): Promise<Workspace> {
      await allowed(workspaceId, userId, WORKSPACE_PERMISSIONS.update);
      await repo.renameWorkspace(db, workspaceId, name);
      return present(workspaceId, userId);
    },

    async remove(workspaceId: number, userId: number): Promise<void> {
      await allowed(workspaceId, userId, WORKSPACE_PERMISSIONS.delete);
      for (const invite of await repo.invitesOf(db, workspaceId)) {
        await delivery?.notifications.withdraw('workspaceInvitation', 'inviteId', invite.id);
      }
      await repo.deleteWorkspace(db, workspaceId);
    },

    /** Invites people by e-mail; those with an account are notified, the others mailed. */
    async invite(
      workspaceId: number,
      inviter: UserRow,
      input: { emails: string[]; role_id?: number | undefined },
    ): Promise<Workspace> {
      const { workspace } = await allowed(workspaceId, inviter.id, WORKSPACE_PERMISSIONS.invite);
      const role = workspaceRole(input.role_id ?? DEFAULT_INVITE_ROLE.id);
      if (!role || !isInvitableRole(role)) {
        throw AppError.validation({ role_id: 'Invite people as admins or members.' });
      }
      const emails = [...new Set(input.emails)];
      const members = new Set(
        (await repo.membersOf(db, workspaceId)).map((member) => member.email.toLowerCase()),
      );
      const already = emails.filter((email) => members.has(email));
      if (already.length > 0) {
        throw AppError.validation({ emails: `Already a member: ${already.join(', ')}.` });
      }
      const now = Date.now();
      for (const email of emails) {
        const invite: WorkspaceInviteRow = {
          id: newInviteId(),
          workspace_id: workspaceId,
          email,
          role: role.name,
          invited_by: inviter.id,
          expires_at: new Date(now + INVITE_DAYS * DAY_MS).toISOString(),
          created_at: new Date(now).toISOString(),
        };
        const previous = (await repo.invitesOf(db, workspaceId)).find((row) => row.email === email);
        if (previous)
          await delivery?.notifications.withdraw('workspaceInvitation', 'inviteId', previous.id);
        await repo.upsertInvite(db, invite);
        await deliver(invite, workspace.name, displayName(inviter));
      }
      return present(workspaceId, inviter.id);
    },

    async resendInvite(workspaceId: number, user: UserRow, inviteId: string): Promise<Workspace> {
      const { workspace } = await allowed(workspaceId, user.id, WORKSPACE_PERMISSIONS.invite);
      const invite = await repo.findInvite(db, inviteId);
      if (!invite || invite.workspace_id !== workspaceId)
        throw AppError.notFound('Invitation not found.');
      const expiresAt = new Date(Date.now() + INVITE_DAYS * DAY_MS).toISOString();
      await repo.updateInviteExpiry(db, inviteId, expiresAt);
      await delivery?.notifications.withdraw('workspaceInvitation', 'inviteId', inviteId);
      await deliver({ ...invite, expires_at: expiresAt }, workspace.name, displayName(user));
      return present(workspaceId, user.id);
    },

    async revokeInvite(workspaceId: number, userId: number, inviteId: string): Promise<Workspace> {
      await allowed(workspaceId, userId, WORKSPACE_PERMISSIONS.invite);
      const invite = await repo.findInvite(db, inviteId);
      if (!invite || invite.workspace_id !== workspaceId)
        throw AppError.notFound('Invitation not found.');
      await repo.deleteInvite(db, inviteId);
      await delivery?.notifications.withdraw('workspaceInvitation', 'inviteId', inviteId);
      return present(workspaceId, userId);
    },

    /** Joins through an invitation meant for the user's e-mail; it works once. */
    async join(inviteId: string, user: UserRow): Promise<{ workspace: { id: number } }> {
      const invite = await answerable(inviteId, user);
      if (!(await repo.deleteInvite(db, invite.id)))
        throw AppError.notFound('This invite is no longer valid');
      await repo.addMember(db, invite.workspace_id, user.id, invite.role);
      await delivery?.notifications.withdraw('workspaceInvitation', 'inviteId', invite.id);
      return { workspace: { id: invite.workspace_id } };
    },

    async decline(inviteId: string, user: UserRow): Promise<void> {
      const invite = await answerable(inviteId, user);
      await repo.deleteInvite(db, invite.id);
      await delivery?.notifications.withdraw('workspaceInvitation', 'inviteId', invite.id);
    },

    /**
     * Another role for a member. Owners and admins change members' roles; only the owner hands
     * over the workspace (the new owner in, the old one an admin); nobody changes the owner's.
     */
    async changeRole(
      workspaceId: number,
      userId: number,
      memberId: number,
      roleId: number,
    ): Promise<Workspace> {
      const { workspace, role: actorRole } = await allowed(
        workspaceId,
        userId,
        WORKSPACE_PERMISSIONS.manageMembers,
      );
      const target = await repo.findMembership(db, workspaceId, memberId);
      if (!target) throw AppError.notFound('Member not found.');
      const role = workspaceRole(roleId);
      if (!role) throw AppError.validation({ role_id: 'Choose one of the roles.' });
      if (target.role === 'owner')
        throw AppError.forbidden('The owner’s role changes only by handing the workspace over.');
      if (role.name === 'owner') {
        if (actorRole.name !== 'owner')
          throw AppError.forbidden('Only the owner can hand the workspace over.');
        await repo.transferOwnership(db, workspaceId, workspace.owner_id, memberId);
      } else {
        if (actorRole.name === 'admin' && target.role === 'admin' && memberId !== userId) {
          throw AppError.forbidden('Only the owner changes the role of an admin.');
        }
        await repo.setRole(db, workspaceId, memberId, role.name);
      }
      return present(workspaceId, userId);
    },

    /** Removes a member, or lets a member leave. The owner hands the workspace over first. */
    async removeMember(workspaceId: number, userId: number, memberId: number): Promise<void> {
      const { role: actorRole } = await membership(workspaceId, userId);
      const target = await repo.findMembership(db, workspaceId, memberId);
      if (!target) throw AppError.notFound('Member not found.');
      if (target.role === 'owner') {
        throw AppError.validation(
          { member: 'The owner cannot leave: hand the workspace over to another member first.' },
          'The owner cannot leave: hand the workspace over to another member first.',
        );
      }
      if (memberId !== userId) {
        const mayRemove =
          actorRole.name === 'owner' || (actorRole.name === 'admin' && target.role === 'member');
        if (!mayRemove)
          throw AppError.forbidden('Your role in this workspace does not allow this.');
      }
      await repo.removeMember(db, workspaceId, memberId);
    },

    /** A person who registers with an invited e-mail finds the invitations waiting. */
    async deliverPendingTo(user: UserRow): Promise<void> {
      if (!delivery) return;
      for (const invite of await repo.pendingInvitesFor(
        db,
        user.email.toLowerCase(),
        new Date().toISOString(),
      )) {
        const workspace = await repo.findWorkspace(db, invite.workspace_id);
        const inviter = invite.invited_by ? await users?.findById(invite.invited_by) : undefined;
        if (!workspace) continue;
        await delivery.notifications.notify(user, 'workspaceInvitation', (recipient) =>
          invitationData(
            invite,
            workspace.name,
            inviter ? displayName(inviter) : workspace.name,
            recipient.language,
          ),
        );
      }
    },

    pruneExpiredInvites: () => repo.deleteExpiredInvites(db, new Date().toISOString()),
  };
}

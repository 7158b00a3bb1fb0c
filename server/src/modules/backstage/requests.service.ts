import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { paginated } from '@cadenza/contracts/http';
import type {
  BackstageRequest,
  BackstageRequestInput,
  BackstageRequestStatus,
  BackstageRequestType,
} from '@cadenza/contracts/backstage';
import { WORKSPACE_PERMISSIONS } from '@cadenza/contracts/workspaces';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { actorIdOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { EventBus } from '../../infra/events.js';
import type { Storage } from '../../infra/storage.js';
import type { CatalogueService } from '../music/catalogue/catalogue.service.js';
import { storeImage } from '../music/images.js';
import { pageWindow, type PageRequest } from '../music/pagination.js';
import type { FileEntryRow } from '../uploads/uploads.table.js';
import { displayName } from '@cadenza/contracts/display-name';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { accessOf } from './access.js';
import * as repo from './backstage.repo.js';
import type { BackstageRequestRow } from './backstage.table.js';

export type BackstageRequestsService = ReturnType<typeof createBackstageRequestsService>;

type Executor = Kysely<Database> | Transaction<Database>;

/** Who manages an artist: a user, or a workspace (a label). */
interface Manager {
  userId: number | null;
  workspaceId: number | null;
}

/** Where uploads come from: what the user may read, and its bytes. */
export interface UploadedFiles {
  readable(userId: number, id: number): Promise<FileEntryRow>;
  read(row: FileEntryRow): Promise<Readable>;
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const links = (json: string) => JSON.parse(json) as { url: string; title: string }[];
const image = (json: string | null) =>
  json ? (JSON.parse(json) as { small: string; large: string }) : null;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Requests to become an artist, to claim an artist's profile, or to get the verified badge;
 * reviewed by admins. Approval makes the user (or their label's workspace) the profile's
 * manager: that is what lets them edit it and release music for it.
 */
export function createBackstageRequestsService({
  db,
  storage,
  uploads,
  catalogue,
  workspaces,
  events,
  audit,
}: {
  audit: AuditService;
  db: Kysely<Database>;
  storage: Storage;
  uploads: UploadedFiles;
  catalogue: CatalogueService;
  workspaces: WorkspacesService;
  events: EventBus;
}) {
  async function present(rows: BackstageRequestRow[], withEmail: boolean) {
    const unique = (ids: (number | null)[]) => [
      ...new Set(ids.filter((id): id is number => id !== null)),
    ];
    const [artists, spaces, people] = await Promise.all([
      repo.artistsByIds(db, unique(rows.map((row) => row.artist_id))),
      repo.workspaceNames(db, unique(rows.map((row) => row.workspace_id))),
      repo.userNames(db, unique(rows.map((row) => row.user_id))),
    ]);
    const artistOf = new Map(artists.map((row) => [row.id, row]));
    const spaceOf = new Map(spaces.map((row) => [row.id, row]));
    const personOf = new Map(people.map((row) => [row.id, row]));
    return rows.map((row): BackstageRequest => {
      const artist = row.artist_id ? artistOf.get(row.artist_id) : undefined;
      const person = personOf.get(row.user_id);
      return {
        id: row.id,
        type: row.type as BackstageRequestType,
        status: row.status as BackstageRequestStatus,
        artist_name: row.artist_name,
        artist: artist
          ? { id: artist.id, name: artist.name, image_small: artist.image_small }
          : null,
        workspace: row.workspace_id ? (spaceOf.get(row.workspace_id) ?? null) : null,
        links: links(row.links),
        proof: row.proof,
        message: row.message,
        image: image(row.image)?.large ?? null,
        reason: row.reason,
        user: {
          id: row.user_id,
          name: person ? displayName(person) : '',
          ...(withEmail && person ? { email: person.email } : {}),
        },
        created_at: row.created_at,
        reviewed_at: row.reviewed_at,
      };
    });
  }

  /** The artist a claim or a badge request names; the checks differ by type. */
  async function targetOf(userId: number, type: BackstageRequestType, artistId?: number) {
    if (!artistId) throw AppError.validation({ artist_id: 'Choose the artist.' });
    const [artist] = await repo.artistsByIds(db, [artistId]);
    if (!artist) throw AppError.validation({ artist_id: 'This artist was not found.' });
    const manager = await repo.findManager(db, artistId);
    if (type === 'claim-artist' && manager) {
      throw AppError.validation({
        artist_id:
          'This artist is claimed already. If it is you, write to us from the contact page.',
      });
    }
    if (type === 'verify-artist') {
      const [managed] = await repo.managedArtists(db, userId, artistId);
      if (!managed || accessOf(managed) !== 'edit') {
        throw AppError.validation({
          artist_id: 'You can ask for the badge of an artist you manage.',
        });
      }
      if (artist.verified === 1) {
        throw AppError.validation({ artist_id: 'This artist is verified already.' });
      }
    }
    return artist;
  }

  /** A label's request: the user runs the workspace (its owner or an admin). */
  async function checkWorkspace(userId: number, workspaceId: number) {
    const role = await workspaces.roleIn(workspaceId, userId);
    if (!role || !(role.permissions as readonly string[]).includes(WORKSPACE_PERMISSIONS.update)) {
      throw AppError.validation({
        workspace_id: 'Only the owner or an admin of a workspace can ask on its behalf.',
      });
    }
  }

  async function storedPicture(userId: number, fileEntryId: number) {
    const entry = await uploads.readable(userId, fileEntryId);
    const refused = {
      image_file_entry_id: 'Choose a JPEG, PNG, WebP or GIF picture of 5 MB at most.',
    };
    if (entry.size > MAX_IMAGE_BYTES) throw AppError.validation(refused);
    const urls = await storeImage(
      storage,
      `backstage/requests/${crypto.randomUUID()}`,
      { data: await bytesOf(await uploads.read(entry)) },
      { small: 300, large: 1000 },
    );
    if (!urls) throw AppError.validation(refused);
    return urls;
  }

  const reviewed = () => AppError.validation({ status: 'This request was reviewed already.' });

  async function pending(id: number) {
    const row = await repo.findRequest(db, id);
    if (!row) throw AppError.notFound('Request not found.');
    if (row.status !== 'pending') throw reviewed();
    return row;
  }

  /** Marks the request approved in the transaction, unless someone answered it meanwhile. */
  async function markApproved(trx: Executor, row: BackstageRequestRow, reviewerId: number) {
    const changes = { status: 'approved', artist_id: row.artist_id, reviewed_by: reviewerId };
    if (!(await repo.review(trx, row.id, changes))) throw reviewed();
  }

  /**
   * A new profile for the request: created, handed to its manager with the approval, then given
   * the request's links and picture. Should the approval fail, the profile goes with it.
   */
  async function createProfile(row: BackstageRequestRow, reviewerId: number, manager: Manager) {
    const created = await catalogue.createArtist(row.artist_name);
    if (!created) {
      throw AppError.validation({
        artist_name: 'An artist with this name exists now: ask the user to claim it instead.',
      });
    }
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertManager(trx, { artistId: created, ...manager });
        await markApproved(trx, { ...row, artist_id: created }, reviewerId);
      });
    } catch (error) {
      await repo.deleteArtist(db, created);
      throw error;
    }
    const key = row.image ? storage.keyOf(image(row.image)!.large) : undefined;
    const data = key ? await storage.read(key) : undefined;
    await catalogue.setArtistDetails(created, {
      links: links(row.links),
      ...(data ? { image: { data } } : {}),
    });
  }

  return {
    async submit(userId: number, input: BackstageRequestInput): Promise<BackstageRequest> {
      const type = input.type;
      let artistId: number | null = null;
      let artistName: string;
      if (type === 'become-artist') {
        artistName = input.artist_name?.trim() ?? '';
        if (!artistName) throw AppError.validation({ artist_name: 'Give the artist a name.' });
        if (await catalogue.findArtistIdByName(artistName)) {
          throw AppError.validation({
            artist_name: 'An artist with this name exists: claim that profile instead.',
          });
        }
      } else {
        const artist = await targetOf(userId, type, input.artist_id);
        artistId = artist.id;
        artistName = artist.name;
      }
      if (
        await repo.pendingTwin(db, userId, type, artistId ? { id: artistId } : { name: artistName })
      ) {
        throw AppError.validation({ type: 'You asked for this already: we will let you know.' });
      }
      if (input.workspace_id) await checkWorkspace(userId, input.workspace_id);
      const picture = input.image_file_entry_id
        ? await storedPicture(userId, input.image_file_entry_id)
        : null;
      const id = await repo.insertRequest(db, {
        user_id: userId,
        type,
        artist_id: artistId,
        artist_name: artistName,
        workspace_id: input.workspace_id ?? null,
        links: JSON.stringify(input.links ?? []),
        proof: input.proof,
        message: input.message ?? null,
        image: picture ? JSON.stringify(picture) : null,
      });
      events.emit('backstage.request_submitted', { requestId: id });
      return (await present([(await repo.findRequest(db, id))!], false))[0]!;
    },

    async mine(userId: number): Promise<BackstageRequest[]> {
      return present(await repo.requestsOfUser(db, userId), false);
    },

    async list(query: PageRequest & { status?: BackstageRequestStatus | undefined }) {
      const { rows, total } = await repo.listRequests(db, {
        ...pageWindow(query),
        ...(query.status ? { status: query.status } : {}),
      });
      return paginated(await present(rows, true), total, query);
    },

    async get(id: number): Promise<BackstageRequest> {
      const row = await repo.findRequest(db, id);
      if (!row) throw AppError.notFound('Request not found.');
      return (await present([row], true))[0]!;
    },

    /**
     * Grants what was asked, all or nothing: a new profile (named, linked, pictured), a claimed
     * one, or the badge; the user or their workspace becomes the manager of a new or claimed one.
     */
    async approve(by: AuditActor, id: number): Promise<BackstageRequest> {
      const reviewerId = actorIdOf(by);
      const row = await pending(id);
      const manager: Manager = {
        userId: row.workspace_id ? null : row.user_id,
        workspaceId: row.workspace_id,
      };
      const artistId = row.artist_id;
      if (row.type === 'become-artist') {
        await createProfile(row, reviewerId, manager);
      } else if (!artistId) {
        throw AppError.validation({ artist_id: 'The artist was deleted.' });
      } else if (row.type === 'claim-artist') {
        await db.transaction().execute(async (trx) => {
          if (await repo.findManager(trx, artistId)) {
            throw AppError.validation({ artist_id: 'Someone else manages this artist now.' });
          }
          await repo.insertManager(trx, { artistId, ...manager });
          await markApproved(trx, row, reviewerId);
        });
      } else {
        await db.transaction().execute(async (trx) => {
          await markApproved(trx, row, reviewerId);
          await repo.setVerified(trx, artistId);
        });
      }
      events.emit('backstage.request_reviewed', { requestId: id });
      const approved = await this.get(id);
      await audit.record(by, {
        action: 'backstage_request.approved',
        subject: { type: 'backstage_request', id },
        after: { type: approved.type, artist: approved.artist },
      });
      return approved;
    },

    async deny(by: AuditActor, id: number, reason: string): Promise<BackstageRequest> {
      const reviewerId = actorIdOf(by);
      await pending(id);
      if (!(await repo.review(db, id, { status: 'denied', reason, reviewed_by: reviewerId })))
        throw reviewed();
      events.emit('backstage.request_reviewed', { requestId: id });
      const denied = await this.get(id);
      await audit.record(by, {
        action: 'backstage_request.denied',
        subject: { type: 'backstage_request', id },
        after: { reason: denied.reason },
      });
      return denied;
    },

    /** A request as its reviewers and its author are told of it. */
    async forNotice(id: number) {
      const row = await repo.findRequest(db, id);
      return row ? { row, request: (await present([row], false))[0]! } : undefined;
    },
  };
}

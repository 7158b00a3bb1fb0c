import { idFrom, paginated } from '@cadenza/contracts/http';
import type {
  CustomPage,
  CustomPageInput,
  PublicCustomPage,
} from '@cadenza/contracts/custom-pages';
import type { Pagination } from '@cadenza/contracts/http';
import type { Kysely } from 'kysely';
import type { SeoTags } from '../../core/html.js';
import { AppError } from '../../core/errors.js';
import type { DataChanges } from '../../db/data-versions.js';
import type { Database } from '../../db/schema.js';
import { actorIdOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './custom-pages.repo.js';
import { pageExcerpt, sanitizePageBody } from './custom-pages.sanitize.js';
import type { CustomPageRow } from './custom-pages.table.js';

export type CustomPagesService = ReturnType<typeof createCustomPagesService>;

export function customPageRowToPage(row: CustomPageRow): CustomPage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    type: row.type,
    meta_description: row.meta_description,
    user_id: row.user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** `Privacy Policy!` → `privacy-policy`; never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/g, '');
  return slug || 'page';
}

// `/pages/privacy-policy` or `/pages/12/privacy-policy`.
const PAGE_PATH = /^\/pages\/(?:(\d+)\/)?([^/]+)\/?$/;

export interface CustomPagesDeps {
  db: Kysely<Database>;
  /** Pages kept with a custom page's tags in them (the edge's) are dropped on every instance. */
  changes: DataChanges;
  settings: SettingsService;
  audit: AuditService;
  appUrl: string;
}

export function createCustomPagesService({
  db,
  changes,
  settings,
  audit,
  appUrl,
}: CustomPagesDeps) {
  const subject = (id: number) => ({ type: 'custom_page', id });

  async function findByIdOrSlug(idOrSlug: string): Promise<CustomPageRow | undefined> {
    const id = idFrom(idOrSlug);
    if (id !== undefined) {
      const byId = await repo.findPageById(db, id);
      if (byId) return byId;
    }
    // No page has a control character in its slug; PostgreSQL would refuse a NUL outright.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(idOrSlug)) return undefined;
    return repo.findPageBySlug(db, idOrSlug.toLowerCase());
  }

  async function assertSlugFree(slug: string, exceptId?: number): Promise<void> {
    const existing = await repo.findPageBySlug(db, slug);
    if (existing && existing.id !== exceptId) {
      throw AppError.validation({ slug: 'The slug has already been taken.' });
    }
  }

  function description(row: CustomPageRow): string {
    return row.meta_description || pageExcerpt(row.body);
  }

  return {
    async list(query: {
      page: number;
      perPage: number;
      query?: string | undefined;
    }): Promise<Pagination<CustomPage>> {
      const { rows, total } = await repo.listPages(db, query);
      return paginated(rows.map(customPageRowToPage), total, query);
    },

    async create(by: AuditActor, input: CustomPageInput): Promise<CustomPage> {
      const slug = input.slug || slugify(input.title);
      await assertSlugFree(slug);
      const now = new Date().toISOString();
      const row = await repo.insertPage(db, {
        slug,
        title: input.title,
        body: sanitizePageBody(input.body),
        type: 'default',
        meta_description: input.meta_description || null,
        user_id: actorIdOf(by),
        created_at: now,
        updated_at: now,
      });
      const page = customPageRowToPage(row);
      await changes.changed('site');
      await audit.record(by, {
        action: 'custom_page.created',
        subject: subject(page.id),
        after: page,
      });
      return page;
    },

    /** One page as its editor opens it. */
    async get(id: number): Promise<CustomPage> {
      const row = await repo.findPageById(db, id);
      if (!row) throw AppError.notFound('This page does not exist.');
      return customPageRowToPage(row);
    },

    async update(by: AuditActor, id: number, input: CustomPageInput): Promise<CustomPage> {
      const current = await repo.findPageById(db, id);
      if (!current) throw AppError.notFound('This page does not exist.');
      const slug = input.slug || current.slug;
      await assertSlugFree(slug, id);
      const row = await repo.updatePage(db, id, {
        slug,
        title: input.title,
        body: sanitizePageBody(input.body),
        meta_description:
          input.meta_description === undefined
            ? current.meta_description
            : input.meta_description || null,
        updated_at: new Date().toISOString(),
      });
      if (!row) throw AppError.notFound('This page does not exist.');
      const page = customPageRowToPage(row);
      await changes.changed('site');
      await audit.record(by, {
        action: 'custom_page.updated',
        subject: subject(id),
        before: customPageRowToPage(current),
        after: page,
      });
      return page;
    },

    async delete(by: AuditActor, id: number): Promise<void> {
      const current = await repo.findPageById(db, id);
      if (!current || !(await repo.deletePage(db, id))) {
        throw AppError.notFound('This page does not exist.');
      }
      await changes.changed('site');
      await audit.record(by, {
        action: 'custom_page.deleted',
        subject: subject(id),
        before: customPageRowToPage(current),
      });
    },

    /** A page as visitors see it; the body is sanitized again, whatever wrote it. */
    async show(idOrSlug: string): Promise<PublicCustomPage> {
      const row = await findByIdOrSlug(idOrSlug);
      if (!row) throw AppError.notFound('This page does not exist.');
      return {
        page: {
          id: row.id,
          slug: row.slug,
          title: row.title,
          body: sanitizePageBody(row.body),
          type: row.type,
          created_at: row.created_at,
          updated_at: row.updated_at,
        },
        seo: { title: row.title, description: description(row) },
        set_seo: true,
      };
    },

    /** The <title> and meta tags of `/pages/…` routes, for pages served with the app's HTML. */
    async seoForPath(pathname: string): Promise<SeoTags | undefined> {
      const match = PAGE_PATH.exec(pathname);
      if (!match) return undefined;
      let slug: string;
      try {
        slug = decodeURIComponent(match[2]!);
      } catch {
        return undefined;
      }
      const id = match[1] ? idFrom(match[1]) : undefined;
      if (match[1] && id === undefined) return undefined;
      const row = id
        ? await repo.findPageById(db, id)
        : await repo.findPageBySlug(db, slug.toLowerCase());
      if (!row) return undefined;
      const siteName = await settings.get('branding.site_name');
      return {
        title: `${row.title} - ${siteName}`,
        description: description(row),
        meta: { 'og:type': 'article', 'og:site_name': siteName, 'og:url': canonical(row) },
        canonical: canonical(row),
      };
    },
  };

  function canonical(row: CustomPageRow): string {
    return `${appUrl}/pages/${row.slug}`;
  }
}

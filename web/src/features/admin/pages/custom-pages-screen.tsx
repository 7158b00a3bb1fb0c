import type { CustomPage } from '@cadenza/contracts/custom-pages';
import { customPageInputSchema } from '@cadenza/contracts/custom-pages';
import { ExternalLink, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { DataTable, type Column } from '../components/data-table';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { useListParams } from '../components/use-list-params';
import { useAdminDates } from '../components/admin-dates';
import { useCustomPage, useCustomPages, useDeleteCustomPage, useSaveCustomPage } from './pages-api';
import { RichTextEditor } from '../../../ui/rich-text-editor';

/** /admin/pages: the custom pages (privacy policy, terms, about…), and their editor. */
export function CustomPagesScreen() {
  return (
    <Routes>
      <Route index element={<PagesList />} />
      <Route path="new" element={<PageEditor />} />
      <Route path=":pageId" element={<PageEditor />} />
    </Routes>
  );
}

function PagesList() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const { params, apiParams, update } = useListParams();
  const pages = useCustomPages(apiParams);
  const remove = useDeleteCustomPage();
  const [deleting, setDeleting] = useState<CustomPage | null>(null);

  const columns: Column<CustomPage>[] = [
    {
      key: 'title',
      header: 'Title',
      cell: (page) => (
        <Link to={String(page.id)} className="font-medium hover:underline">
          {page.title}
        </Link>
      ),
    },
    {
      key: 'slug',
      header: 'Address',
      cell: (page) => <code className="text-xs">/pages/{page.slug}</code>,
    },
    {
      key: 'updated',
      header: 'Updated',
      className: 'whitespace-nowrap',
      cell: (page) => dates.date(page.updated_at),
    },
    {
      key: 'actions',
      header: '',
      className: 'w-32 text-end whitespace-nowrap',
      cell: (page) => (
        <>
          <IconButton label={t('Open {{title}}', { title: page.title })} size="sm" asChild>
            <a href={`/pages/${page.slug}`} target="_blank" rel="noreferrer">
              <ExternalLink size={16} aria-hidden />
            </a>
          </IconButton>
          <IconButton label={t('Edit {{name}}', { name: page.title })} size="sm" asChild>
            <Link to={String(page.id)}>
              <Pencil size={16} aria-hidden />
            </Link>
          </IconButton>
          <IconButton
            label={t('Delete {{name}}', { name: page.title })}
            size="sm"
            onClick={() => setDeleting(page)}
          >
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('Custom pages')}</h1>
        <Button asChild startIcon={<Plus size={18} />}>
          <Link to="new">{t('New page')}</Link>
        </Button>
      </div>
      <SearchField
        label={t('Search pages')}
        value={params.query}
        onChange={(query) => update({ query })}
      />
      {pages.isError ? (
        <PageLoadError inScreen onRetry={() => void pages.refetch()} />
      ) : (
        <DataTable
          label={t('Custom pages')}
          rows={pages.data?.data}
          columns={columns}
          isLoading={pages.isPending}
          empty={
            <EmptyState
              image={<FileText size={40} strokeWidth={1.5} />}
              message={params.query ? t('No pages match this search') : t('No pages yet')}
              className="rounded-lg border border-border"
            />
          }
        />
      )}
      <Pager pagination={pages.data} onPage={(page) => update({ page })} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete the page {{name}}?', { name: deleting?.title ?? '' })}
        body={t('Links to it will show the page-not-found screen. This cannot be undone.')}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.positive(t('Page deleted'));
              setDeleting(null);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}

function PageEditor() {
  const { t } = useTranslation();
  const { pageId } = useParams();
  const id = pageId ? Number(pageId) : null;
  const page = useCustomPage(id);
  if (id !== null && page.isPending) return <Skeleton className="mx-auto h-96 max-w-[780px]" />;
  if (id !== null && page.isError) {
    return <EmptyState message={t('This page does not exist.')} className="py-24" />;
  }
  // Keyed, so opening another page starts from its own values.
  return <PageForm key={id ?? 'new'} page={page.data ?? null} />;
}

type Errors = Partial<Record<'title' | 'slug' | 'body' | 'meta_description', string>>;

function PageForm({ page }: { page: CustomPage | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCustomPage();
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [meta, setMeta] = useState(page?.meta_description ?? '');
  const [body, setBody] = useState(page?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { title, slug: slug || undefined, body, meta_description: meta || null };
    // The server's own rules first, so mistakes show before the round trip.
    const checked = customPageInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= t(issue.message);
      }
      return setErrors(found);
    }
    setErrors({});
    save.mutate(
      { ...input, id: page?.id ?? null },
      {
        onSuccess: (saved) => {
          toast.positive(page ? t('Page saved') : t('Page created'));
          if (!page) void navigate(`../${saved.id}`, { replace: true, relative: 'path' });
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors as Errors);
          } else showError(error, t);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex max-w-[900px] flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{page ? t('Edit page') : t('New page')}</h1>
        {/* Up one level from /admin/pages/new or /admin/pages/4: the list. */}
        <Link to=".." relative="path" className="text-sm text-fg-muted hover:text-fg">
          {t('All pages')}
        </Link>
      </div>
      <TextField
        label={t('Title')}
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        errorMessage={errors.title}
      />
      <TextField
        label={t('Address')}
        description={t(
          'Lowercase letters, numbers and hyphens. Left empty, it is made from the title.',
        )}
        startAdornment={<span className="text-sm">/pages/</span>}
        value={slug}
        onChange={(event) => setSlug(event.target.value)}
        errorMessage={errors.slug}
      />
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium" id="page-body-label">
          {t('Content')}
        </p>
        <RichTextEditor label={t('Content')} value={body} onChange={setBody} />
        {errors.body && <p className="text-sm text-danger">{errors.body}</p>}
      </div>
      <TextField
        label={t('Description for search engines')}
        description={t('Up to 300 characters. Left empty, the site’s description is used.')}
        value={meta}
        maxLength={300}
        onChange={(event) => setMeta(event.target.value)}
        errorMessage={errors.meta_description}
      />
      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-bg py-3">
        {page && (
          <Button asChild variant="text">
            <a href={`/pages/${page.slug}`} target="_blank" rel="noreferrer">
              {t('View the page')}
            </a>
          </Button>
        )}
        <Button type="submit" isLoading={save.isPending}>
          {page ? t('Save') : t('Create')}
        </Button>
      </div>
    </form>
  );
}

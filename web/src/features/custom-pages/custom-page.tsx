import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useSetting } from '../../app/bootstrap';
import { PageLoadError } from '../../app/page-load-error';
import { Skeleton } from '../../ui/skeleton';
import { NotFoundPage } from '../not-found/not-found-page';
import { useCustomPage } from './api/custom-page-query';
import { sanitizePageBody } from './sanitize-page-body';

// Typography for the page's HTML, on the design scale (VISUAL.md): readable line length,
// generous rhythm, links in the accent colour.
const PROSE = [
  'text-base leading-7 text-fg',
  '[&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-base [&_h4]:font-semibold',
  '[&_p]:my-4 [&_p]:text-fg/90',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6',
  '[&_li]:my-2 [&_li]:ps-1 [&_li]:text-fg/90 [&_li::marker]:text-fg-muted',
  '[&_strong]:font-semibold [&_strong]:text-fg [&_em]:text-fg-muted',
  '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-4 [&_blockquote]:text-fg-muted',
  '[&_code]:rounded-sm [&_code]:bg-bg-elevated [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-border [&_pre]:bg-bg-elevated [&_pre]:p-4',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-10 [&_hr]:border-border',
  '[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-border [&_th]:px-3 [&_th]:py-2 [&_th]:text-start [&_th]:font-semibold',
  '[&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2',
  '[&>:first-child]:mt-0',
].join(' ');

export interface CustomPageProps {
  /** Shows this page instead of the one the route names (the homepage can show a page). */
  slug?: string;
}

/** A page the admin wrote: the privacy policy, terms of service, about… (spec section 2). */
export function CustomPage({ slug }: CustomPageProps) {
  const params = useParams();
  const idOrSlug = slug ?? params.pageId ?? params.pageSlug ?? '';
  const query = useCustomPage(idOrSlug);
  const siteName = useSetting('branding.site_name');
  const seoTitle = query.data?.set_seo ? query.data.seo.title : undefined;

  // The server wrote the title into the first page load; navigating within the app does not.
  useEffect(() => {
    if (!seoTitle) return;
    const previous = document.title;
    document.title = siteName ? `${seoTitle} - ${siteName}` : seoTitle;
    return () => {
      document.title = previous;
    };
  }, [seoTitle, siteName]);

  const body = useMemo(
    () => (query.data ? sanitizePageBody(query.data.page.body) : ''),
    [query.data],
  );

  if (query.isPending) return <CustomPageSkeleton />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <NotFoundPage />;
    return <PageLoadError onRetry={() => void query.refetch()} />;
  }

  const { page } = query.data;
  return (
    <main className="flex-1 bg-bg px-4 py-12 text-fg sm:px-6 sm:py-16">
      <article className="mx-auto w-full max-w-[780px]">
        <header className="mb-10 border-b border-border pb-8">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {page.title}
          </h1>
          <UpdatedAt date={page.updated_at} />
        </header>
        <div className={PROSE} dangerouslySetInnerHTML={{ __html: body }} />
      </article>
    </main>
  );
}

function UpdatedAt({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const formatted = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(date),
  );
  return (
    <p className="mt-4 text-sm text-fg-muted">{t('Updated on {{date}}', { date: formatted })}</p>
  );
}

function CustomPageSkeleton() {
  const { t } = useTranslation();
  return (
    <main
      aria-busy="true"
      aria-label={t('Loading')}
      className="flex-1 bg-bg px-4 py-12 sm:px-6 sm:py-16"
    >
      <div className="mx-auto w-full max-w-[780px]">
        <div className="mb-10 border-b border-border pb-8">
          <Skeleton className="h-10 w-2/3 sm:h-14" />
          <Skeleton variant="text" className="mt-4 w-40 text-sm" />
        </div>
        {[0, 1, 2].map((section) => (
          <div key={section} className="mb-10">
            <Skeleton className="mb-4 h-7 w-1/3" />
            <Skeleton variant="text" className="text-base" />
            <Skeleton variant="text" className="text-base" />
            <Skeleton variant="text" className="w-4/5 text-base" />
          </div>
        ))}
      </div>
    </main>
  );
}

import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useSetting } from '../../api/bootstrap';
import { PageLoadError } from '../../app/page-load-error';
import { Skeleton } from '../../ui/skeleton';
import { NotFoundPage } from '../not-found/not-found-page';
import { useCustomPage } from './api/custom-page-query';
import { PROSE } from '../../ui/prose';
import { sanitizePageBody } from './sanitize-page-body';

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

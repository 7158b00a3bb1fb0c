import type { Pagination } from '@cadenza/contracts/http';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';

/** "21–40 of 312" with previous and next, under an admin table. */
export function Pager({
  pagination,
  onPage,
}: {
  pagination: Pagination<unknown> | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!pagination || pagination.total === 0) return null;
  const { current_page: page, per_page: perPage, total, last_page: last } = pagination;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return (
    <nav aria-label={t('Pages')} className="flex items-center justify-end gap-2 text-sm">
      <span className="text-fg-muted">
        {t('{{from}}–{{to}} of {{total}}', { from, to, total })}
      </span>
      <IconButton
        label={t('Previous page')}
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft size={18} aria-hidden />
      </IconButton>
      <IconButton
        label={t('Next page')}
        size="sm"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight size={18} aria-hidden />
      </IconButton>
    </nav>
  );
}

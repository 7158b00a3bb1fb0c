import type { BackstageRequest } from '@cadenza/contracts/backstage';
import { Check, Inbox, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Route, Routes, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { PageLoadError } from '../../../app/page-load-error';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Select, SelectItem } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { TextArea } from '../../../ui/text-area';
import { toast } from '../../../ui/toast/toast-store';
import {
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TONES,
  REQUEST_TYPE_LABELS,
} from '../../backstage/request-labels';
import { type Column } from '../components/data-table';
import { ListTable, ScreenHeader } from '../components/list-table';
import { useListParams } from '../components/use-list-params';
import { useArtistRequest, useArtistRequests, useReviewRequest } from './artist-requests-api';
import { useAdminDates } from '../components/admin-dates';

/** /admin/backstage-requests: what users ask of the backstage, and the answers. */
export function ArtistRequestsScreen() {
  return (
    <Routes>
      <Route index element={<RequestList />} />
      <Route path=":requestId" element={<RequestReview />} />
    </Routes>
  );
}

function StatusBadge({ status }: { status: BackstageRequest['status'] }) {
  const { t } = useTranslation();
  return <Badge tone={REQUEST_STATUS_TONES[status]}>{t(REQUEST_STATUS_LABELS[status])}</Badge>;
}

function RequestList() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const { params, apiParams, update } = useListParams();
  const status = params.filters.status ?? 'pending';
  const requests = useArtistRequests({
    ...apiParams,
    status: status === 'all' ? undefined : status,
  });
  const columns: Column<BackstageRequest>[] = [
    {
      key: 'artist',
      header: 'Artist',
      cell: (request) => (
        <Link to={String(request.id)} className="font-medium hover:underline">
          {request.artist_name}
        </Link>
      ),
    },
    { key: 'type', header: 'Request', cell: (request) => t(REQUEST_TYPE_LABELS[request.type]) },
    {
      key: 'user',
      header: 'From',
      cell: (request) => (
        <div>
          <p>{request.user.name}</p>
          <p className="text-xs text-fg-muted">{request.user.email}</p>
        </div>
      ),
    },
    { key: 'date', header: 'Sent', cell: (request) => dates.date(request.created_at) },
    { key: 'status', header: 'Status', cell: (request) => <StatusBadge status={request.status} /> },
  ];
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <ScreenHeader title={t('Artist requests')}>
        <Select
          aria-label={t('Status')}
          size="sm"
          value={status}
          onValueChange={(value) => update({ status: value })}
          className="w-full sm:w-auto sm:min-w-44"
        >
          <SelectItem value="pending">{t('Waiting for review')}</SelectItem>
          <SelectItem value="approved">{t('Approved')}</SelectItem>
          <SelectItem value="denied">{t('Declined')}</SelectItem>
          <SelectItem value="all">{t('All requests')}</SelectItem>
        </Select>
      </ScreenHeader>
      <p className="text-sm text-fg-muted">
        {t(
          'Users ask to become an artist, to manage a profile that holds their music, or for the verified badge. Approving makes them (or their label) the manager of the profile.',
        )}
      </p>
      <ListTable
        list={requests}
        onPage={(page) => update({ page })}
        label={t('Artist requests')}
        columns={columns}
        empty={
          <EmptyState
            image={<Inbox size={40} strokeWidth={1.5} />}
            message={status === 'pending' ? t('Nothing waits for review.') : t('No requests here.')}
            className="rounded-lg border border-border"
          />
        }
      />
    </div>
  );
}

function RequestReview() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const id = Number(useParams().requestId);
  const request = useArtistRequest(id);
  const { approve } = useReviewRequest();
  const [declining, setDeclining] = useState(false);
  if (request.isError) return <PageLoadError inScreen onRetry={() => void request.refetch()} />;
  if (!request.data) return <Skeleton className="mx-auto h-96 max-w-[780px]" />;
  const shown = request.data;
  const facts: [string, React.ReactNode][] = [
    [t('Request'), t(REQUEST_TYPE_LABELS[shown.type])],
    [
      t('Artist'),
      shown.artist ? (
        <Link to={`/artist/${shown.artist.id}`} className="text-primary hover:underline">
          {shown.artist.name}
        </Link>
      ) : (
        shown.artist_name
      ),
    ],
    [t('From'), `${shown.user.name} · ${shown.user.email ?? ''}`],
    [t('For the label'), shown.workspace?.name ?? t('No, for themselves')],
    [t('Sent'), dates.dateTime(shown.created_at)],
  ];
  return (
    <div className="mx-auto flex max-w-[780px] flex-col gap-5">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{shown.artist_name}</h1>
        <StatusBadge status={shown.status} />
        <Link to=".." relative="path" className="ms-auto text-sm text-fg-muted hover:underline">
          {t('All requests')}
        </Link>
      </header>
      <div className="flex flex-col gap-5 rounded-lg border border-border p-5 sm:flex-row">
        {shown.image && (
          <img
            src={shown.image}
            alt={t('Picture sent with the request')}
            className="size-40 shrink-0 rounded-md object-cover"
          />
        )}
        <dl className="grid flex-1 grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-fg-muted">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <section className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">{t('How to check it is them')}</h2>
        <p className="text-sm whitespace-pre-line">{shown.proof}</p>
      </section>
      {shown.links.length > 0 && (
        <section className="flex flex-col gap-1">
          <h2 className="text-base font-semibold">{t('Links')}</h2>
          <ul className="text-sm">
            {shown.links.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-primary hover:underline"
                >
                  {link.title}
                </a>{' '}
                <span className="text-fg-muted">{link.url}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {shown.message && (
        <section className="flex flex-col gap-1">
          <h2 className="text-base font-semibold">{t('Message')}</h2>
          <p className="text-sm whitespace-pre-line">{shown.message}</p>
        </section>
      )}
      {shown.status === 'denied' && shown.reason && (
        <section className="flex flex-col gap-1">
          <h2 className="text-base font-semibold">{t('Why it was declined')}</h2>
          <p className="text-sm whitespace-pre-line">{shown.reason}</p>
        </section>
      )}
      {shown.status === 'pending' && (
        <div className="flex justify-end gap-3 border-t border-border pt-4">
          <Button variant="outline" startIcon={<X size={16} />} onClick={() => setDeclining(true)}>
            {t('Decline')}
          </Button>
          <Button
            startIcon={<Check size={16} />}
            isLoading={approve.isPending}
            onClick={() =>
              approve.mutate(shown.id, {
                onSuccess: () => {
                  toast.positive(t('Request approved'));
                  void request.refetch();
                },
                onError: (error) => {
                  // "Reviewed already", "the name is taken now": said as the server put it.
                  const reason = isApiError(error)
                    ? Object.values(error.fieldErrors)[0]
                    : undefined;
                  if (reason) toast.danger(reason);
                  else showError(error, t);
                },
              })
            }
          >
            {t('Approve')}
          </Button>
        </div>
      )}
      {declining && (
        <DeclineDialog
          id={shown.id}
          onClose={() => setDeclining(false)}
          onDone={() => void request.refetch()}
        />
      )}
    </div>
  );
}

function DeclineDialog({
  id,
  onClose,
  onDone,
}: {
  id: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { deny } = useReviewRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('Tell the artist why.'));
      return;
    }
    deny.mutate(
      { id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.positive(t('Request declined'));
          onDone();
          onClose();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.fieldErrors.reason)
            setError(failure.fieldErrors.reason);
          else showError(failure, t);
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogHeader>{t('Decline the request')}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody>
          <TextArea
            label={t('Reason')}
            description={t('The user reads it in their notification and their e-mail.')}
            rows={4}
            value={reason}
            error={error}
            onChange={setReason}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" variant="danger" isLoading={deny.isPending}>
            {t('Decline')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

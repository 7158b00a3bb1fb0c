import type { Channel } from '@cadenza/contracts/music';
import { LayoutList, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Route, Routes } from 'react-router';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { toast } from '../../../ui/toast/toast-store';
import { type Column } from '../components/data-table';
import { ListTable, ScreenHeader } from '../components/list-table';
import { useListParams } from '../components/use-list-params';
import { ChannelEditor } from './channel-form';
import { CONTENT_LABELS, QUERY_LABELS } from './channel-labels';
import { ChannelsHelp } from './channels-help';
import { useAdminChannels, useChannelWrites } from './channels-api';

/** /admin/channels: the lists of music the site's pages are made of. */
export function ChannelsScreen() {
  return (
    <Routes>
      <Route index element={<ChannelList />} />
      <Route path="new" element={<ChannelEditor />} />
      <Route path=":channelId" element={<ChannelEditor />} />
    </Routes>
  );
}

function ChannelList() {
  const { t } = useTranslation();
  const { apiParams, update } = useListParams();
  const channels = useAdminChannels(apiParams);
  const { remove } = useChannelWrites();
  const [deleting, setDeleting] = useState<Channel | null>(null);

  const columns: Column<Channel>[] = [
    {
      key: 'name',
      header: 'Channel',
      cell: (channel) => (
        <Link to={String(channel.id)} className="font-medium hover:underline">
          {channel.name}
        </Link>
      ),
    },
    { key: 'slug', header: 'Address', cell: (channel) => `/channel/${channel.slug}` },
    {
      key: 'content',
      header: 'Content',
      cell: (channel) => t(CONTENT_LABELS[channel.content_type]),
    },
    {
      key: 'filled',
      header: 'Filled',
      cell: (channel) => (channel.query ? t(QUERY_LABELS[channel.query]) : t('By hand')),
    },
    {
      key: 'actions',
      header: '',
      className: 'w-24 text-end whitespace-nowrap',
      cell: (channel) => (
        <>
          <IconButton label={t('Edit {{name}}', { name: channel.name })} size="sm" asChild>
            <Link to={String(channel.id)}>
              <Pencil size={16} aria-hidden />
            </Link>
          </IconButton>
          <IconButton
            label={t('Delete {{name}}', { name: channel.name })}
            size="sm"
            onClick={() => setDeleting(channel)}
          >
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <ScreenHeader title={t('Channels')}>
        <Button startIcon={<Plus size={16} />} asChild>
          <Link to="new">{t('New channel')}</Link>
        </Button>
      </ScreenHeader>
      <ChannelsHelp />
      <ListTable
        list={channels}
        onPage={(page) => update({ page })}
        label={t('Channels')}
        columns={columns}
        empty={
          <EmptyState
            image={<LayoutList size={40} strokeWidth={1.5} />}
            message={t('No channels yet')}
            className="rounded-lg border border-border"
          />
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete channel?')}
        body={t('{{name}} disappears from every page that shows it.', {
          name: deleting?.name ?? '',
        })}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toast.positive(t('Channel deleted'));
              setDeleting(null);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}

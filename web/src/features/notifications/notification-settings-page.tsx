import type {
  NotificationChannel,
  NotificationSubscriptions,
} from '@cadenza/contracts/notifications';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Navigate } from 'react-router';
import { showError } from '../../app/error-handling/handle-error';
import { PageLoadError } from '../../app/page-load-error';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import {
  useNotificationSubscriptions,
  useUpdateNotificationSubscriptions,
} from './api/notifications-api';
import { requestBrowserPermission } from './live/browser-notifications';

type Selections = Record<string, Partial<Record<NotificationChannel, boolean>>>;

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  database: 'In the app',
  email: 'Email',
  browser: 'Browser',
};

const selectionsOf = (data: NotificationSubscriptions): Selections =>
  Object.fromEntries(
    data.user_selections.map((selection) => [selection.notif_id, selection.channels]),
  );

/**
 * /notifications/settings: for each kind of notification, the channels it reaches the user
 * through. Choosing the browser asks for the browser's permission first; a refusal unsets it.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const subscriptions = useNotificationSubscriptions();
  const update = useUpdateNotificationSubscriptions();
  // What the user changed since the last save, over what the server has.
  const [edits, setEdits] = useState<Selections>({});

  if (subscriptions.isPending) {
    return (
      <Frame>
        <Skeleton className="h-64" />
      </Frame>
    );
  }
  if (subscriptions.isError) {
    return (
      <Frame>
        <PageLoadError inScreen onRetry={() => void subscriptions.refetch()} />
      </Frame>
    );
  }
  const { available_channels: channels, subscriptions: groups } = subscriptions.data;
  if (groups.length === 0) return <Navigate to="/" replace />;
  const saved = selectionsOf(subscriptions.data);
  const selections: Selections = Object.fromEntries(
    Object.keys({ ...saved, ...edits }).map((id) => [id, { ...saved[id], ...edits[id] }]),
  );

  const choose = async (notifId: string, channel: NotificationChannel, on: boolean) => {
    const set = (value: boolean) =>
      setEdits((current) => ({
        ...current,
        [notifId]: { ...current[notifId], [channel]: value },
      }));
    set(on);
    if (channel !== 'browser' || !on) return;
    const permission = await requestBrowserPermission();
    if (permission !== 'granted') {
      set(false);
      toast.danger(
        t('Notifications blocked. Please enable them for this site from browser settings.'),
      );
    }
  };

  const save = () =>
    update.mutate(
      Object.entries(selections).map(([notif_id, channelMap]) => ({
        notif_id,
        channels: channelMap,
      })),
      {
        onSuccess: () => {
          setEdits({});
          toast.positive(t('Notification settings updated'));
        },
        onError: (error) => showError(error, t),
      },
    );

  return (
    <Frame>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        className="flex flex-col gap-6"
      >
        {groups.map((group) => (
          <section
            key={group.group_name}
            className="overflow-x-auto rounded-lg border border-border"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{t(group.group_name)}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="px-4 py-3 text-left font-semibold">
                    {t(group.group_name)}
                  </th>
                  {channels.map((channel) => (
                    <th
                      key={channel}
                      scope="col"
                      className="w-24 px-2 py-3 text-center font-medium text-fg-muted"
                    >
                      {t(CHANNEL_LABELS[channel])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {group.subscriptions.map((subscription) => (
                  <tr key={subscription.notif_id}>
                    <th scope="row" className="px-4 py-3 text-left font-normal">
                      {t(subscription.name)}
                    </th>
                    {channels.map((channel) => (
                      <td key={channel} className="px-2 py-3 text-center">
                        <ChannelBox
                          label={`${t(subscription.name)}: ${t(CHANNEL_LABELS[channel])}`}
                          checked={selections[subscription.notif_id]?.[channel] === true}
                          onChange={(on) => void choose(subscription.notif_id, channel, on)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        <div>
          <Button type="submit" isLoading={update.isPending}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto flex max-w-[780px] flex-col gap-6">
        <header>
          <h1 className="text-3xl font-semibold">{t('Notification settings')}</h1>
          <p className="mt-1 text-sm text-fg-muted">
            {t('Choose how you hear about what happens on your account.')}
          </p>
        </header>
        {children}
      </div>
    </div>
  );
}

/** A tick box in a table cell: its label is read out, the column heading shows it. */
function ChannelBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <RadixCheckbox.Root
      aria-label={label}
      checked={checked}
      onCheckedChange={(value) => onChange(value === true)}
      className="inline-flex size-5 items-center justify-center rounded-sm border border-fg-muted transition-colors hover:border-fg data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-fg"
    >
      <RadixCheckbox.Indicator>
        <Check size={14} strokeWidth={3} aria-hidden />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}

import type { Notification, NotificationAction } from '@cadenza/contracts/notifications';
import clsx from 'clsx';
import {
  AlertTriangle,
  Bell,
  Check,
  CircleAlert,
  CreditCard,
  Disc3,
  Download,
  FileSpreadsheet,
  Heart,
  Info,
  Mail,
  Music,
  Upload,
  User,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { formatRelativeTime } from '../../../i18n/format';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { useAnswerInvitation } from '../../workspaces/api/workspaces-api';
import { useMarkAsRead } from '../api/notifications-api';
import { isExternal, sanitizeLine } from './notification-content';

/** The pictures a notification may name instead of an image (spec section 3). */
const ICONS = { 'group-add': UserPlus, people: Users, 'export-csv': FileSpreadsheet } as const;

/**
 * The icons a notification's line may name (`line.icon`), by the names the server's
 * notifications use; a name not known here shows the bell.
 */
const LINE_ICONS: Record<string, LucideIcon> = {
  ...ICONS,
  notifications: Bell,
  info: Info,
  warning: AlertTriangle,
  error: CircleAlert,
  check: Check,
  done: Check,
  person: User,
  'person-add': UserPlus,
  favorite: Heart,
  'music-note': Music,
  album: Disc3,
  email: Mail,
  mail: Mail,
  download: Download,
  upload: Upload,
  payment: CreditCard,
};

function LineIcon({ name }: { name: string }) {
  const Icon = Object.hasOwn(LINE_ICONS, name) ? LINE_ICONS[name]! : Bell;
  return <Icon aria-hidden size={16} className="mt-0.5 shrink-0" />;
}

function NotificationImage({ image }: { image: string | undefined }) {
  const Icon = image && image in ICONS ? ICONS[image as keyof typeof ICONS] : undefined;
  if (image && !Icon) {
    return <img src={image} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  }
  const Shown = Icon ?? Bell;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-hover text-fg-muted">
      <Shown aria-hidden size={20} />
    </span>
  );
}

/**
 * One notification (spec section 2): its image or icon, its lines (the first one primary), how
 * long ago, its buttons and an unread dot. A click marks it read and follows its main action:
 * an address elsewhere in a new tab, a path of the app inside it.
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markAsRead = useMarkAsRead();
  const answer = useAnswerInvitation();
  const { data } = notification;
  const unread = notification.read_at === null;

  const follow = (action: NotificationAction) => {
    if (isExternal(action.action)) window.open(action.action, '_blank', 'noopener,noreferrer');
    else void navigate(action.action);
  };

  const open = () => {
    if (unread) markAsRead.mutate([notification.id], { onError: (error) => showError(error, t) });
    if (data.mainAction) follow(data.mainAction);
  };

  const press = (action: NotificationAction) => {
    if ((action.action === 'join' || action.action === 'decline') && data.inviteId) {
      const join = action.action === 'join';
      answer.mutate(
        { inviteId: data.inviteId, join },
        {
          onSuccess: () =>
            toast.positive(join ? t('Joined workspace') : t('Declined workspace invitation')),
          onError: (error) =>
            isApiError(error, 404)
              ? toast.danger(t('This invite is no longer valid'))
              : showError(error, t),
        },
      );
      return;
    }
    if (unread) markAsRead.mutate([notification.id]);
    follow(action);
  };

  return (
    <li
      className={clsx(
        'relative flex gap-3 px-4 py-3 transition-colors duration-150 hover:bg-bg-hover',
        unread && 'bg-primary/5',
      )}
    >
      <NotificationImage image={data.image} />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={open}
          className="block w-full text-left after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-primary"
        >
          {data.lines.map((line, index) => (
            <span
              key={index}
              className={clsx(
                'flex gap-1.5 text-sm',
                line.type === 'primary' ? 'font-medium text-fg' : 'text-fg-muted',
              )}
            >
              {line.icon && <LineIcon name={line.icon} />}
              <span
                className="min-w-0"
                dangerouslySetInnerHTML={{ __html: sanitizeLine(line.content) }}
              />
            </span>
          ))}
        </button>
        <p className="mt-1 text-xs text-fg-muted">
          <time dateTime={notification.created_at}>
            {formatRelativeTime(notification.created_at)}
          </time>
        </p>
        {data.lines.some((line) => line.action) && (
          <div className="relative mt-1 flex flex-wrap gap-3">
            {data.lines
              .filter((line) => line.action)
              .map((line, index) => (
                <button
                  key={index}
                  type="button"
                  className="text-xs font-medium text-primary hover:underline"
                  onClick={() => press(line.action!)}
                >
                  {line.action!.label}
                </button>
              ))}
          </div>
        )}
        {data.buttonActions && data.buttonActions.length > 0 && (
          <div className="relative mt-2 flex flex-wrap gap-2">
            {data.buttonActions.map((action, index) => (
              <Button
                key={action.action}
                size="xs"
                variant={index === 0 ? 'primary' : 'outline'}
                isLoading={
                  answer.isPending && answer.variables?.join === (action.action === 'join')
                }
                onClick={() => press(action)}
              >
                {action.label}
              </Button>
            ))}
          </div>
        )}
      </div>
      {unread && (
        <span className="mt-2 size-2 shrink-0 rounded-full bg-primary">
          <span className="sr-only">{t('Unread')}</span>
        </span>
      )}
    </li>
  );
}

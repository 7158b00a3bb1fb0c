import clsx from 'clsx';
import { CircleCheck, CircleExclamationPoint, X } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore, type FocusEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button, IconButton } from '../button';
import { Spinner } from '../spinner';
import {
  dismissToast,
  getToasts,
  pauseToast,
  resumeToast,
  subscribeToToasts,
  type Toast,
  type ToastPosition,
} from './toast-store';

// Screens with bars at the bottom (the player) set --floating-bottom-offset to lift floating
// elements above them, as the shell's back button does.
const bottom =
  'bottom-[var(--floating-bottom-offset,0px)] pb-[max(16px,env(safe-area-inset-bottom))]';
const positionClasses: Record<ToastPosition, string> = {
  'top-left': 'top-0 left-0 justify-start',
  'top-center': 'inset-x-0 top-0 justify-center',
  'top-right': 'top-0 right-0 justify-end',
  'bottom-left': clsx(bottom, 'left-0 justify-start'),
  'bottom-center': clsx(bottom, 'inset-x-0 justify-center'),
  'bottom-right': clsx(bottom, 'right-0 justify-end'),
};

/**
 * Renders the toasts. Mount it once, at the root of the app. The two live regions are always in
 * the page, because screen readers announce content added to an existing region far more
 * reliably than a region that appears with its content; being live regions also keeps them
 * readable while a modal dialog hides the rest of the page.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return (
    <div data-toaster>
      <div role="status" aria-live="polite">
        {toasts
          .filter((toast) => toast.type !== 'danger')
          .map((toast) => (
            <ToastView key={toast.id} toast={toast} />
          ))}
      </div>
      <div role="alert" aria-live="assertive">
        {toasts
          .filter((toast) => toast.type === 'danger')
          .map((toast) => (
            <ToastView key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const interaction = useRef({ hovered: false, focused: false });

  // Hovered or focused: the user is reading or acting, so the timer waits. Re-checked when the
  // toast is replaced under a resting pointer, since the replacement starts a fresh timer.
  const syncTimer = (id: string) => {
    const { hovered, focused } = interaction.current;
    if (hovered || focused) pauseToast(id);
    else resumeToast(id);
  };
  useEffect(() => {
    const { hovered, focused } = interaction.current;
    if (hovered || focused) pauseToast(toast.id);
  }, [toast]);

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    interaction.current.focused = false;
    syncTimer(toast.id);
  };

  const isTop = toast.position.startsWith('top');
  return (
    <div
      data-position={toast.position}
      className={clsx('pointer-events-none fixed z-[60] flex p-4', positionClasses[toast.position])}
    >
      <div
        data-toast-id={toast.id}
        data-type={toast.type}
        data-state={toast.state}
        onPointerEnter={() => {
          interaction.current.hovered = true;
          syncTimer(toast.id);
        }}
        onPointerLeave={() => {
          interaction.current.hovered = false;
          syncTimer(toast.id);
        }}
        onFocus={() => {
          interaction.current.focused = true;
          syncTimer(toast.id);
        }}
        onBlur={handleBlur}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && toast.type !== 'loading') dismissToast(toast.id);
        }}
        className={clsx(
          // Product spec §9: at least 288 px and at most 500 px wide (less on narrow screens).
          'pointer-events-auto flex min-h-12 min-w-[min(288px,calc(100vw-32px))] max-w-[min(500px,calc(100vw-32px))]',
          'items-center gap-3 rounded-lg border border-border bg-bg-elevated py-2 ps-4 pe-2 text-sm text-fg shadow-overlay',
          !toast.disableEnterAnimation && (isTop ? 'animate-slide-down' : 'animate-slide-up'),
          toast.state === 'closing' && 'animate-fade-out [animation-fill-mode:forwards]',
        )}
      >
        <ToastIcon type={toast.type} />
        <p className="min-w-0 flex-1 py-1">{toast.message}</p>
        {toast.action && <ToastActionButton toast={toast} />}
        {toast.type !== 'loading' && (
          <IconButton
            label={t('Close')}
            size="xs"
            className="text-fg-muted"
            onClick={() => dismissToast(toast.id)}
          >
            <X size={16} />
          </IconButton>
        )}
      </div>
    </div>
  );
}

function ToastIcon({ type }: { type: Toast['type'] }) {
  if (type === 'loading') return <Spinner size="sm" className="text-fg-muted" />;
  if (type === 'positive')
    return <CircleCheck size={20} aria-hidden className="shrink-0 text-positive" />;
  if (type === 'danger')
    return <CircleExclamationPoint size={20} aria-hidden className="shrink-0 text-danger" />;
  return null;
}

function ToastActionButton({ toast }: { toast: Toast }) {
  if (!toast.action) return null;
  const { label, action } = toast.action;
  const className = 'text-primary';
  if (typeof action === 'string') {
    return (
      <Button
        variant="text"
        size="xs"
        href={action}
        className={className}
        onClick={() => dismissToast(toast.id)}
      >
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant="text"
      size="xs"
      className={className}
      onClick={() => {
        action();
        dismissToast(toast.id);
      }}
    >
      {label}
    </Button>
  );
}

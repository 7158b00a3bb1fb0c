import { useTranslation } from '../i18n/use-translation';
import { Button } from './button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from './dialog';

/** Asks before something that cannot be undone: a title, one sentence, Cancel and the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  isPending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="sm">
      <DialogHeader>{title}</DialogHeader>
      <DialogBody>
        <p className="text-sm">{body}</p>
      </DialogBody>
      <DialogFooter>
        <DialogClose>
          <Button variant="text">{t('Cancel')}</Button>
        </DialogClose>
        <Button variant="danger" isLoading={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

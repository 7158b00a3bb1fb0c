import { Fragment } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Dialog, DialogBody, DialogHeader } from '../../../ui/dialog';
import { PLAYER_SHORTCUTS } from '../state/player-shortcuts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="sm">
      <DialogHeader>{t('Keyboard shortcuts')}</DialogHeader>
      <DialogBody>
        <dl className="flex flex-col gap-3">
          {PLAYER_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.description} className="flex items-center justify-between gap-4">
              <dt className="text-sm text-fg-muted">{t(shortcut.description)}</dt>
              <dd className="flex items-center gap-1">
                {shortcut.keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 && <span className="text-xs text-fg-muted">+</span>}
                    <kbd className="min-w-7 rounded border border-border bg-bg px-1.5 py-0.5 text-center font-sans text-xs font-medium">
                      {key === 'Ctrl' && isMac ? '⌘' : key === 'Space' ? t('Space') : key}
                    </kbd>
                  </Fragment>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogBody>
    </Dialog>
  );
}

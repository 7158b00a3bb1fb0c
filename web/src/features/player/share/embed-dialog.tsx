import {
  EMBED_SIZES,
  EMBED_THEMES,
  embedCode,
  embedPath,
  type EmbedKind,
  type EmbedTheme,
} from '@cadenza/contracts/embed-code';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { CopyButton } from '../../../ui/copy-button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { cn } from '../../../ui/cn';

export interface EmbedDialogProps {
  kind: EmbedKind;
  id: number;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The code that shows a track, album or playlist on another site, beside a live preview of it. */
export function EmbedDialog({ kind, id, name, open, onOpenChange }: EmbedDialogProps) {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<EmbedTheme>('dark');
  const codeId = `embed-code-${useId()}`;
  const size = EMBED_SIZES[kind];
  const src = new URL(embedPath(kind, id, theme), window.location.origin).href;
  const code = embedCode(src, name, size);
  const themeNames: Record<EmbedTheme, string> = { dark: t('Dark'), light: t('Light') };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="lg">
      <DialogHeader description={t('Show it on your own site: paste this code into its page.')}>
        {t('Embed “{{name}}”', { name })}
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">{t('Theme')}</legend>
          <span aria-hidden className="text-sm font-medium">
            {t('Theme')}
          </span>
          {EMBED_THEMES.map((each) => (
            <label
              key={each}
              className={cn(
                'cursor-pointer rounded-full border border-border px-3 py-1 text-sm transition-colors duration-150 ease-out has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-fg',
                theme === each ? 'bg-fg text-bg' : 'hover:bg-bg-hover',
              )}
            >
              <input
                type="radio"
                name={`${codeId}-theme`}
                value={each}
                checked={theme === each}
                onChange={() => setTheme(each)}
                className="sr-only"
              />
              {themeNames[each]}
            </label>
          ))}
        </fieldset>
        <div className="overflow-hidden rounded-lg bg-bg-elevated" style={{ height: size.height }}>
          <iframe
            key={theme}
            src={src}
            title={t('Preview of the embed')}
            width="100%"
            height={size.height}
            className="block border-0"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={codeId} className="text-sm font-medium">
            {t('Embed code')}
          </label>
          <textarea
            id={codeId}
            readOnly
            rows={4}
            value={code}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none rounded border border-border bg-bg-elevated p-3 font-mono text-xs break-all"
          />
        </div>
      </DialogBody>
      <DialogFooter>
        <CopyButton value={code} label={t('Copy code')} variant="primary" radius="full" />
      </DialogFooter>
    </Dialog>
  );
}

import { AD_SLOTS, adFrameUrl, type AdSlotName } from '@cadenza/contracts/ads';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast/toast-store';
import { useAdminSettings, useSaveSettings } from '../settings/settings-api';

/** Where each slot shows, and the size that suits it (spec section 1). */
const SLOTS: Record<AdSlotName, { title: string; advice: string }> = {
  general_top: {
    title: 'Top of most pages',
    advice: 'Best up to 150 px high, or responsive.',
  },
  general_bottom: {
    title: 'Bottom of most pages',
    advice: 'Best up to 150 px high, or responsive.',
  },
  artist_top: {
    title: 'Artist page, below the header',
    advice: 'Best up to 1000 px wide, or responsive.',
  },
  artist_bottom: {
    title: 'Artist page, below similar artists',
    advice: 'Best up to 430 px wide.',
  },
  album_above: {
    title: 'Album page, above the tracks',
    advice: 'As wide as possible, or responsive.',
  },
};

/**
 * /admin/ads: the five ad slots. Each holds the ad's HTML, runs in a sandboxed frame of its own
 * origin on the site, and can be switched off without losing its code.
 */
export function AdsPage() {
  const { t } = useTranslation();
  const saved = useAdminSettings();
  if (saved.isPending) return <Skeleton className="mx-auto h-96 max-w-[780px]" />;
  if (saved.isError) {
    return <PageLoadError inScreen onRetry={() => void saved.refetch()} />;
  }
  const disabled = (saved.data.settings['ads.disabled'] as AdSlotName[] | undefined) ?? [];
  return (
    <div className="mx-auto flex max-w-[780px] flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('Ads')}</h1>
        <p className="mt-1 text-sm text-fg-muted">
          {t('Paste the code your ad network gives you. Listeners whose plan hides ads see none.')}
        </p>
      </header>
      {AD_SLOTS.map((slot) => (
        <SlotEditor
          key={slot}
          slot={slot}
          code={String(saved.data.settings[`ads.${slot}`] ?? '')}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

function SlotEditor({
  slot,
  code,
  disabled,
}: {
  slot: AdSlotName;
  code: string;
  disabled: AdSlotName[];
}) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [draft, setDraft] = useState(code);
  const id = useId();
  const on = !disabled.includes(slot);
  const { title, advice } = SLOTS[slot];

  const persist = (changes: Record<string, unknown>, message: string) =>
    save.mutate(changes, {
      onSuccess: () => toast.positive(message),
      onError: (error) => showError(error, t),
    });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {t(title)}
          </h2>
          <p className="text-sm text-fg-muted">
            <code className="text-xs">ads.{slot}</code> · {t(advice)}
          </p>
        </div>
        <Switch
          label={t('Show')}
          checked={on}
          disabled={save.isPending}
          onCheckedChange={(checked) =>
            persist(
              {
                'ads.disabled': checked
                  ? disabled.filter((other) => other !== slot)
                  : [...disabled, slot],
              },
              checked ? t('The ad is shown') : t('The ad is hidden'),
            )
          }
        />
      </div>
      <label htmlFor={`${id}-code`} className="sr-only">
        {t('Ad code for {{slot}}', { slot: t(title) })}
      </label>
      <textarea
        id={`${id}-code`}
        rows={5}
        spellCheck={false}
        placeholder="<script async src=…></script>"
        className="rounded-sm border border-border bg-bg px-3 py-2 font-mono text-xs text-fg hover:border-fg-muted"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button
          variant="text"
          disabled={draft === code || save.isPending}
          onClick={() => setDraft(code)}
        >
          {t('Discard changes')}
        </Button>
        <Button
          disabled={draft === code}
          isLoading={save.isPending}
          onClick={() => persist({ [`ads.${slot}`]: draft }, t('Ad saved'))}
        >
          {t('Save')}
        </Button>
      </div>
      {code.trim() !== '' && (
        <div className="flex flex-col gap-1">
          <p className="text-xs text-fg-muted">{t('Preview of the saved ad')}</p>
          {/* The same sandboxed frame the site shows: the ad's origin is opaque. */}
          <iframe
            title={t('Preview of {{slot}}', { slot: t(title) })}
            sandbox="allow-scripts allow-popups"
            src={adFrameUrl(slot, code)}
            className="h-40 w-full rounded-sm border border-dashed border-border"
          />
        </div>
      )}
    </section>
  );
}

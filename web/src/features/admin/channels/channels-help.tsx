import { CircleHelp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';

/** How channels work, in the browser: a panel the admin opens beside the list. */
export function ChannelsHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-fg-muted">
          {t(
            'A channel is a list of music: filled by a query that stays up to date, or by hand. Pages such as Discover are channels of channels.',
          )}
        </p>
        <Button
          variant="text"
          size="xs"
          startIcon={<CircleHelp size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {t('How channels work')}
        </Button>
      </div>
      {open && (
        <section
          id={panelId}
          aria-label={t('How channels work')}
          className="flex max-w-[780px] flex-col gap-2 rounded-lg border border-border bg-bg-elevated p-4 text-sm"
        >
          <p>
            {t(
              'A channel is shown on a page: Discover and the genre pages are channels of channels, and any channel can be the site’s homepage. Visitors open one at /channel/ followed by its address.',
            )}
          </p>
          <p>
            {t(
              'Content is what its items are: tracks, albums, artists, playlists, genres or other channels. Layout is how they are drawn: a grid of cards, a compact grid, a carousel, a list, or a track table.',
            )}
          </p>
          <p>
            {t(
              'Filled by a query, a channel keeps itself up to date: top tracks, new releases, popular albums or artists, top genres, trending artists, or a public playlist’s tracks. It shows its number of items (1 to 100, 20 unless set) on the page that holds it, and the rest on its own page.',
            )}
          </p>
          <p>
            {t(
              'Filled by hand, it lists the items you search for, add and put in order with the arrows. Visitors see them in that order, or in the one chosen: most played, newest, or latest released.',
            )}
          </p>
          <p>
            {t(
              'A channel of channels cannot hold itself, directly or through another channel. Set as homepage makes a channel the first page visitors see.',
            )}
          </p>
        </section>
      )}
    </div>
  );
}

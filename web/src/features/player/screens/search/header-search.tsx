import type { SearchResults } from '@cadenza/contracts/music';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../../ui/spinner';
import { CoverImage } from '../common/components/cover-image';
import { albumUrl, artistUrl, playlistUrl, searchUrl, trackUrl, userUrl } from '../common/links';
import { useSearchAll } from './api/search-api';

export const SEARCH_DEBOUNCE_MS = 250;
const PER_GROUP = 3;

interface Option {
  id: string;
  href: string;
  title: string;
  subtitle: string;
  image: string | null;
  mosaic?: readonly string[];
  kind: 'album' | 'artist' | 'track' | 'user';
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function useGroups(results: SearchResults['results'] | undefined) {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!results) return [];
    const groups: { label: string; options: Option[] }[] = [
      {
        label: t('Songs'),
        options: (results.tracks?.data ?? []).slice(0, PER_GROUP).map((track) => ({
          id: `track-${track.id}`,
          href: trackUrl(track),
          title: track.name,
          subtitle: track.artists.map((artist) => artist.name).join(', '),
          image: track.image ?? track.album?.image ?? null,
          kind: 'track',
        })),
      },
      {
        label: t('Artists'),
        options: (results.artists?.data ?? []).slice(0, PER_GROUP).map((artist) => ({
          id: `artist-${artist.id}`,
          href: artistUrl(artist),
          title: artist.name,
          subtitle: t('Artist'),
          image: artist.image_small,
          kind: 'artist',
        })),
      },
      {
        label: t('Albums'),
        options: (results.albums?.data ?? []).slice(0, PER_GROUP).map((album) => ({
          id: `album-${album.id}`,
          href: albumUrl(album),
          title: album.name,
          subtitle: album.artists.map((artist) => artist.name).join(', '),
          image: album.image,
          kind: 'album',
        })),
      },
      {
        label: t('Playlists'),
        options: (results.playlists?.data ?? []).slice(0, PER_GROUP).map((playlist) => ({
          id: `playlist-${playlist.id}`,
          href: playlistUrl(playlist),
          title: playlist.name,
          subtitle: playlist.owner.display_name,
          image: playlist.image,
          mosaic: playlist.mosaic,
          kind: 'album',
        })),
      },
      {
        label: t('Profiles'),
        options: (results.users?.data ?? []).slice(0, PER_GROUP).map((user) => ({
          id: `user-${user.id}`,
          href: userUrl(user),
          title: user.display_name,
          subtitle: t('Profile'),
          image: user.avatar,
          kind: 'user',
        })),
      },
    ];
    return groups.filter((group) => group.options.length > 0);
  }, [results, t]);
}

/**
 * The top bar's instant search: results as you type, grouped by type in a dropdown. Arrow keys
 * move through the results, Enter opens the highlighted one, or all results when none is.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDebounced(value.trim(), SEARCH_DEBOUNCE_MS);
  // The highlighted option belongs to one query: new results start with none highlighted.
  const [highlight, setHighlight] = useState({ query: '', index: -1 });
  const active = highlight.query === query ? highlight.index : -1;
  const setActive = (next: number | ((current: number) => number)) =>
    setHighlight({ query, index: typeof next === 'function' ? next(active) : next });
  const search = useSearchAll(query, PER_GROUP, open);
  const groups = useGroups(query ? search.data?.results : undefined);
  const options = groups.flatMap((group) => group.options);
  const showList = open && value.trim().length > 0 && query.length > 0;
  // The listbox is open when it has options; searching, or finding nothing, is said beside it.
  const expanded = showList && options.length > 0;

  // On a page the server drew, the visitor may type before the app takes the page over: what
  // they typed stays, and its results show while they are still in the box.
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.value) return;
    setValue(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []);

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((current) => (current + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length) setActive((current) => (current <= 0 ? options.length - 1 : current - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = showList ? options[active] : undefined;
      if (option) go(option.href);
      else if (value.trim()) go(searchUrl(value.trim()));
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setValue('');
      }
    }
  };

  return (
    <div className={clsx('relative w-full max-w-[360px]', className)}>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-fg-muted"
          aria-hidden
        />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label={t('Search')}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            expanded && active >= 0 ? `${baseId}-${options[active]?.id}` : undefined
          }
          placeholder={t('What do you want to play?')}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-12 w-full rounded-full border border-transparent bg-bg-elevated ps-10 pe-10 text-sm text-fg outline-none placeholder:text-fg-muted hover:border-border focus:border-fg [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            aria-label={t('Clear search')}
            className="absolute end-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-fg-muted hover:text-fg"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setValue('');
              inputRef.current?.focus();
            }}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {/* The popup: the listbox holds only the groups and their options (WAI-ARIA's combobox
          pattern); its loading and empty states and the link to every result sit beside it. */}
      <div
        hidden={!showList}
        className="absolute inset-x-0 top-full z-50 mt-2 rounded-lg border border-border bg-bg-elevated p-2 shadow-overlay"
        // Keep focus in the input while the mouse picks a result.
        onMouseDown={(event) => event.preventDefault()}
      >
        <div role="status">
          {!showList || options.length > 0 ? null : search.isFetching ? (
            <div className="flex justify-center py-6 text-fg-muted">
              <Spinner size="sm" />
            </div>
          ) : (
            <p className="px-3 py-6 text-center text-sm text-fg-muted">
              {search.isError
                ? t('There was an issue. Please try again.')
                : t('No results for “{{query}}”.', { query })}
            </p>
          )}
        </div>
        {/* The listbox scrolls, not the popup: the keyboard moves through it from the input. */}
        <div
          id={listId}
          role="listbox"
          aria-label={t('Search suggestions')}
          hidden={!expanded}
          className="max-h-[360px] overflow-y-auto"
        >
          {groups.map((group) => (
            <div key={group.label} role="group" aria-label={group.label} className="mb-1 last:mb-0">
              <div
                aria-hidden
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase"
              >
                {group.label}
              </div>
              {group.options.map((option) => {
                const optionIndex = options.indexOf(option);
                const isActive = optionIndex === active;
                return (
                  <div
                    key={option.id}
                    id={`${baseId}-${option.id}`}
                    role="option"
                    aria-selected={isActive}
                    className={clsx(
                      'flex cursor-pointer items-center gap-3 rounded-sm px-3 py-2',
                      isActive ? 'bg-bg-hover' : 'hover:bg-bg-hover',
                    )}
                    onMouseEnter={() => setActive(optionIndex)}
                    onClick={() => go(option.href)}
                  >
                    <CoverImage
                      src={option.image}
                      mosaic={option.mosaic}
                      kind={option.kind}
                      rounded={option.kind === 'artist' || option.kind === 'user'}
                      sizes="40px"
                      className="size-10"
                    />
                    <div className="min-w-0">
                      <div className="truncate text-sm font-medium text-fg">{option.title}</div>
                      <div className="truncate text-xs text-fg-muted">{option.subtitle}</div>
                    </div>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {options.length > 0 && (
          <button
            type="button"
            tabIndex={-1}
            className="mt-1 w-full rounded-sm px-3 py-2 text-start text-sm font-semibold text-fg hover:bg-bg-hover"
            onClick={() => go(searchUrl(value.trim()))}
          >
            {t('See all results for “{{query}}”', { query: value.trim() })}
          </button>
        )}
      </div>
    </div>
  );
}

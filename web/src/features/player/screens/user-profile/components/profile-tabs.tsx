import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { PROFILE_TABS, type ProfileTab } from '../api/user-profile-api';

export function useProfileTabLabels(): Record<ProfileTab, string> {
  const { t } = useTranslation();
  return { playlists: t('Playlists'), followers: t('Followers'), following: t('Following') };
}

export const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
export const panelId = (tab: ProfileTab) => `profile-panel-${tab}`;

/** The tab list of a profile (WAI-ARIA tabs: arrow keys, Home and End move between tabs). */
export function ProfileTabs({
  active,
  onChange,
}: {
  active: ProfileTab;
  onChange: (tab: ProfileTab) => void;
}) {
  const { t } = useTranslation();
  const labels = useProfileTabLabels();
  const buttons = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = PROFILE_TABS.indexOf(active);
    const last = PROFILE_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % PROFILE_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % PROFILE_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = PROFILE_TABS[next]!;
    onChange(tab);
    buttons.current[tab]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t('Profile sections')}
      onKeyDown={onKeyDown}
      className="flex gap-2 overflow-x-auto py-4 [scrollbar-width:none]"
    >
      {PROFILE_TABS.map((tab) => (
        <button
          key={tab}
          ref={(node) => {
            buttons.current[tab] = node;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === active}
          aria-controls={panelId(tab)}
          tabIndex={tab === active ? 0 : -1}
          onClick={() => onChange(tab)}
          className={clsx(
            'inline-flex h-8 shrink-0 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors duration-150 ease-out outline-none focus-visible:ring-2 focus-visible:ring-primary',
            tab === active ? 'bg-fg text-bg' : 'bg-bg-hover text-fg hover:bg-bg-elevated',
          )}
        >
          {labels[tab]}
        </button>
      ))}
    </div>
  );
}

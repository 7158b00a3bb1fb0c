import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Outlet } from 'react-router';
import { useAuthUser } from '../../api/bootstrap';
import { setPlayerLayoutShown, setPlayerMaximized } from '../shell/player-maximized';
import { AudioEngine } from './components/audio-engine';
import { RadioAudio } from './radio/radio-audio';
import { FullscreenPlayer } from './components/fullscreen-player';
import { LyricsPanel } from './components/lyrics-panel';
import { MobileTabBar, SideNavigation } from './components/player-navigation';
import { PlayerBar } from './components/player-bar';
import { QueuePanel } from './components/queue-panel';
import { ShortcutsDialog } from './components/shortcuts-dialog';
import { TopBar } from './components/top-bar';
import { useFloatingBottomOffset } from './components/use-floating-offset';
import { useScreenScroll } from './components/use-screen-scroll';
import { HeaderSearch } from './screens/search/header-search';
import { usePlayerShortcuts } from './state/player-shortcuts';
import { playerStore, usePlayerStore } from './state/player-store';
import { startQueueSync } from './state/queue-sync';
import { serverQueueApi } from './api/player-api';
import { useDeviceLink } from './devices/use-device-link';

/** A signed-in listener's queue follows them between this player and their music apps. */
function useServerQueue() {
  const userId = useAuthUser()?.id;
  useEffect(() => {
    if (!userId) return;
    return startQueueSync(playerStore, serverQueueApi);
  }, [userId]);
}

/**
 * The app shell of every player path and of a member's own pages (account, notifications,
 * workspaces, billing): navigation on the left (a tab bar on phones), search and account on
 * top, the screens in a scrolling area, and the player bar that stays, playing, while the
 * listener moves between them.
 */
export function WebPlayer() {
  const { t } = useTranslation();
  // The queue and the lyrics open in the same place beside the content, one at a time.
  const [sidePanel, setSidePanel] = useState<'queue' | 'lyrics' | null>(null);
  const togglePanel = (panel: 'queue' | 'lyrics') =>
    setSidePanel((open) => (open === panel ? null : panel));
  const [helpOpen, setHelpOpen] = useState(false);
  const maximized = usePlayerStore((s) => s.maximized);
  const bottomBarsRef = useRef<HTMLDivElement>(null);
  useFloatingBottomOffset(bottomBarsRef);

  const contentRef = useRef<HTMLElement>(null);
  useScreenScroll(contentRef);

  useEffect(() => setPlayerMaximized(maximized), [maximized]);
  useEffect(() => () => setPlayerMaximized(false), []);
  useEffect(() => {
    setPlayerLayoutShown(true);
    return () => setPlayerLayoutShown(false);
  }, []);
  useServerQueue();
  useDeviceLink();

  const focusSearch = useCallback(() => {
    const input = document.querySelector<HTMLInputElement>('[role="search"] input');
    input?.focus();
    input?.select();
  }, []);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  usePlayerShortcuts(playerStore, { focusSearch, openHelp });

  return (
    // The window's height less the banner of an admin signed in as someone else, if shown: the
    // player bar stays in view under it.
    <div className="flex h-[calc(100dvh-var(--impersonation-banner-height,0px))] flex-col overflow-hidden bg-bg text-fg">
      <a
        href="#player-content"
        className="sr-only z-50 rounded bg-bg-elevated px-3 py-2 focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {t('Skip to content')}
      </a>
      <div className="flex min-h-0 flex-1">
        <SideNavigation />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar search={<HeaderSearch />} />
          <main
            ref={contentRef}
            id="player-content"
            tabIndex={-1}
            className="min-h-0 flex-1 overflow-y-auto"
          >
            <Outlet />
          </main>
        </div>
        {sidePanel && (
          <div className="fixed inset-x-0 top-[var(--impersonation-banner-height,0px)] bottom-[var(--floating-bottom-offset,120px)] z-30 bg-bg min-[769px]:static min-[769px]:z-auto min-[769px]:bg-transparent min-[769px]:p-2">
            {sidePanel === 'queue' ? (
              <QueuePanel onClose={() => setSidePanel(null)} />
            ) : (
              <LyricsPanel onClose={() => setSidePanel(null)} />
            )}
          </div>
        )}
      </div>
      <div ref={bottomBarsRef} className="shrink-0">
        <PlayerBar
          queueOpen={sidePanel === 'queue'}
          onToggleQueue={() => togglePanel('queue')}
          lyricsOpen={sidePanel === 'lyrics'}
          onToggleLyrics={() => togglePanel('lyrics')}
        />
        <MobileTabBar />
      </div>
      <FullscreenPlayer onShowQueue={() => setSidePanel('queue')} />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <AudioEngine />
      <RadioAudio />
    </div>
  );
}

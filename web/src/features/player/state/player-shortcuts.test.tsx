import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePlayerShortcuts } from './player-shortcuts';
import { createPlayerStore, type PlayerStore } from './player-store';
import type { PlayerTrack } from './player-state';

function track(id: number): PlayerTrack {
  return { id, name: `Track ${id}`, duration_ms: 120_000, artists: [], album: null };
}

function Harness({
  store,
  focusSearch,
  openHelp,
}: {
  store: PlayerStore;
  focusSearch: () => void;
  openHelp: () => void;
}) {
  usePlayerShortcuts(store, { focusSearch, openHelp });
  return (
    <div>
      <input aria-label="Field" />
      <button type="button">A button</button>
    </div>
  );
}

function setup() {
  const store = createPlayerStore();
  store.actions.playTracks([track(1), track(2), track(3)], 1);
  const focusSearch = vi.fn();
  const openHelp = vi.fn();
  const view = render(<Harness store={store} focusSearch={focusSearch} openHelp={openHelp} />);
  return { store, state: () => store.getState(), focusSearch, openHelp, ...view };
}

describe('player keyboard shortcuts', () => {
  it('Space plays and pauses, and does not scroll the page', () => {
    const { state } = setup();
    const notCancelled = fireEvent.keyDown(document.body, { key: ' ' });
    expect(notCancelled).toBe(false);
    expect(state().isPlaying).toBe(false);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(state().isPlaying).toBe(true);
  });

  it('leaves Space to fields and buttons', () => {
    const { state, getByLabelText, getByRole } = setup();
    fireEvent.keyDown(getByLabelText('Field'), { key: ' ' });
    fireEvent.keyDown(getByRole('button', { name: 'A button' }), { key: ' ' });
    expect(state().isPlaying).toBe(true);
  });

  it('Shift+arrows change track, arrows seek by 5 s', () => {
    const { store, state } = setup();
    fireEvent.keyDown(document.body, { key: 'ArrowRight', shiftKey: true });
    expect(state().currentTrack?.id).toBe(3);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', shiftKey: true });
    expect(state().currentTrack?.id).toBe(2);
    store.engine.reportProgress(20_000);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(state().positionMs).toBe(25_000);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(state().positionMs).toBe(15_000);
  });

  it('arrows in a field move the caret, not the music', () => {
    const { state, getByLabelText } = setup();
    fireEvent.keyDown(getByLabelText('Field'), { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(getByLabelText('Field'), { key: 'm' });
    expect(state().currentTrack?.id).toBe(2);
    expect(state().muted).toBe(false);
  });

  it('M mutes and unmutes', () => {
    const { state } = setup();
    fireEvent.keyDown(document.body, { key: 'm' });
    expect(state().muted).toBe(true);
    fireEvent.keyDown(document.body, { key: 'M' });
    expect(state().muted).toBe(false);
  });

  it('Ctrl+K and Cmd+K focus search, even from a field; ? opens the help', () => {
    const { focusSearch, openHelp, getByLabelText } = setup();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(getByLabelText('Field'), { key: 'k', metaKey: true });
    expect(focusSearch).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(openHelp).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the player goes away', () => {
    const { state, unmount } = setup();
    unmount();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(state().isPlaying).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createPlayerStore, type PlayerStoreOptions } from './player-store';
import type { PlayerTrack } from './player-state';
import { PLAYER_STORAGE_KEY } from './player-persistence';

function makeTrack(id: number): PlayerTrack {
  return {
    id,
    name: `Track ${id}`,
    duration_ms: 180_000,
    artists: [{ id: 100 + id, name: `Artist ${id}` }],
    album: { id: 200, name: 'Album', image: null },
  };
}

const tracks = [1, 2, 3, 4, 5].map(makeTrack);
const ids = (list: PlayerTrack[]) => list.map((t) => t.id);

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** A seeded generator, so shuffled orders are random-looking yet repeatable. */
function seeded(seed = 42) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

function setup(options: PlayerStoreOptions = {}) {
  const store = createPlayerStore({ random: seeded(), ...options });
  return { store, player: store.actions, state: () => store.getState() };
}

describe('playing tracks', () => {
  it('starts at the requested track and plays', () => {
    const { player, state } = setup();
    player.playTracks(tracks, 2, { type: 'album', id: 200 });
    expect(state().currentTrack?.id).toBe(3);
    expect(state().isPlaying).toBe(true);
    expect(state().positionMs).toBe(0);
    expect(state().durationMs).toBe(180_000);
    expect(state().context).toEqual({ type: 'album', id: 200 });
  });

  it('toggles, pauses and plays', () => {
    const { player, state } = setup();
    player.play();
    expect(state().isPlaying).toBe(false); // nothing to play yet
    player.playTracks(tracks);
    player.toggle();
    expect(state().isPlaying).toBe(false);
    player.toggle();
    expect(state().isPlaying).toBe(true);
    player.pause();
    expect(state().isPlaying).toBe(false);
  });

  it('clamps seeking and volume', () => {
    const { player, state } = setup();
    player.playTracks(tracks);
    player.seek(-5000);
    expect(state().positionMs).toBe(0);
    player.seek(999_999);
    expect(state().positionMs).toBe(180_000);
    player.setVolume(1.5);
    expect(state().volume).toBe(1);
    player.setVolume(0.3);
    expect(state().volume).toBe(0.3);
  });

  it('unmutes when the volume is raised', () => {
    const { player, state } = setup();
    player.toggleMute();
    expect(state().muted).toBe(true);
    player.setVolume(0.5);
    expect(state().muted).toBe(false);
  });
});

describe('queue operations', () => {
  it('enqueues at the end and plays next after the current track', () => {
    const { player, state } = setup();
    player.playTracks(tracks.slice(0, 3), 1);
    player.enqueue([makeTrack(9)]);
    expect(ids(state().queue)).toEqual([1, 2, 3, 9]);
    player.playNext([makeTrack(7), makeTrack(8)]);
    expect(ids(state().queue)).toEqual([1, 2, 7, 8, 3, 9]);
    expect(state().currentTrack?.id).toBe(2);
    player.next();
    expect(state().currentTrack?.id).toBe(7);
  });

  it('starts playing when tracks are queued into an empty queue', () => {
    const { player, state } = setup();
    player.enqueue([makeTrack(4)]);
    expect(state().currentTrack?.id).toBe(4);
    expect(state().isPlaying).toBe(true);
  });

  it('removes entries before, at and after the current track', () => {
    const { player, state } = setup();
    player.playTracks(tracks, 2);
    player.removeFromQueue(0);
    expect(ids(state().queue)).toEqual([2, 3, 4, 5]);
    expect(state().currentTrack?.id).toBe(3);
    player.removeFromQueue(3);
    expect(ids(state().queue)).toEqual([2, 3, 4]);
    expect(state().currentTrack?.id).toBe(3);
    // Removing the current track moves on to the one after it, still playing.
    player.removeFromQueue(1);
    expect(state().currentTrack?.id).toBe(4);
    expect(state().isPlaying).toBe(true);
    // Removing the last remaining current track stops on the one before it.
    player.removeFromQueue(1);
    expect(state().currentTrack?.id).toBe(2);
    expect(state().isPlaying).toBe(false);
    player.removeFromQueue(0);
    expect(state().queue).toEqual([]);
    expect(state().currentTrack).toBeNull();
  });

  it('moves entries and keeps the current track current', () => {
    const { player, state } = setup();
    player.playTracks(tracks, 2); // current: 3
    player.moveInQueue(0, 4);
    expect(ids(state().queue)).toEqual([2, 3, 4, 5, 1]);
    expect(state().currentTrack?.id).toBe(3);
    player.moveInQueue(4, 0);
    expect(ids(state().queue)).toEqual([1, 2, 3, 4, 5]);
    expect(state().currentTrack?.id).toBe(3);
    player.moveInQueue(2, 0); // the current track itself
    expect(ids(state().queue)).toEqual([3, 1, 2, 4, 5]);
    expect(state().index).toBe(0);
    player.moveInQueue(1, 9); // out of range: ignored
    expect(ids(state().queue)).toEqual([3, 1, 2, 4, 5]);
  });
});

describe('shuffle', () => {
  it('keeps the current track first and the rest shuffled, and restores the order', () => {
    const { player, state } = setup();
    player.playTracks(tracks, 3);
    player.toggleShuffle();
    expect(state().shuffle).toBe(true);
    expect(state().index).toBe(0);
    expect(state().currentTrack?.id).toBe(4);
    expect(ids(state().queue).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(ids(state().queue)).not.toEqual([4, 1, 2, 3, 5]);
    player.next();
    const playing = state().currentTrack!.id;
    player.toggleShuffle();
    expect(ids(state().queue)).toEqual([1, 2, 3, 4, 5]);
    expect(state().currentTrack?.id).toBe(playing);
  });

  it('starts a new list with the chosen track while shuffle is on', () => {
    const { player, state } = setup();
    player.toggleShuffle();
    player.playTracks(tracks, 2);
    expect(state().queue[0]!.id).toBe(3);
    expect(state().currentTrack?.id).toBe(3);
    player.toggleShuffle();
    expect(ids(state().queue)).toEqual([1, 2, 3, 4, 5]);
    expect(state().index).toBe(2);
  });

  it('keeps queued tracks when shuffle is turned off', () => {
    const { player, state } = setup();
    player.playTracks(tracks.slice(0, 3));
    player.toggleShuffle();
    player.enqueue([makeTrack(9)]);
    player.toggleShuffle();
    expect(ids(state().queue)).toEqual([1, 2, 3, 9]);
  });
});

describe('next, previous and repeat', () => {
  it('cycles repeat off → all → one → off', () => {
    const { player, state } = setup();
    expect(state().repeat).toBe('off');
    player.cycleRepeat();
    expect(state().repeat).toBe('all');
    player.cycleRepeat();
    expect(state().repeat).toBe('one');
    player.cycleRepeat();
    expect(state().repeat).toBe('off');
  });

  it('stops at the end of the queue unless repeating all', () => {
    const { player, state } = setup();
    player.playTracks(tracks.slice(0, 2), 1);
    player.next();
    expect(state().currentTrack?.id).toBe(2);
    expect(state().isPlaying).toBe(false);
    player.play();
    player.cycleRepeat(); // all
    player.next();
    expect(state().currentTrack?.id).toBe(1);
    expect(state().isPlaying).toBe(true);
  });

  it('previous restarts the track once more than 3 s have played', () => {
    const { store, player, state } = setup();
    player.playTracks(tracks, 2);
    store.engine.reportProgress(3500);
    const loads = state().loadToken;
    player.previous();
    expect(state().currentTrack?.id).toBe(3);
    expect(state().positionMs).toBe(0);
    expect(state().loadToken).toBe(loads);
    store.engine.reportProgress(2000);
    player.previous();
    expect(state().currentTrack?.id).toBe(2);
  });

  it('previous on the first track restarts it, or wraps when repeating all', () => {
    const { player, state } = setup();
    player.playTracks(tracks, 0);
    player.previous();
    expect(state().currentTrack?.id).toBe(1);
    player.cycleRepeat(); // all
    player.previous();
    expect(state().currentTrack?.id).toBe(5);
  });

  it('on ended: repeat one replays, otherwise next, then stops at the end', () => {
    const { store, player, state } = setup();
    player.playTracks(tracks.slice(0, 2));
    player.cycleRepeat();
    player.cycleRepeat(); // one
    const loads = state().loadToken;
    store.engine.handleEnded();
    expect(state().currentTrack?.id).toBe(1);
    expect(state().loadToken).toBe(loads + 1);
    expect(state().isPlaying).toBe(true);
    player.cycleRepeat(); // off
    store.engine.handleEnded();
    expect(state().currentTrack?.id).toBe(2);
    store.engine.handleEnded();
    expect(state().currentTrack?.id).toBe(2);
    expect(state().isPlaying).toBe(false);
    expect(state().positionMs).toBe(0);
  });

  it('on ended with repeat all, wraps to the first track', () => {
    const { store, player, state } = setup();
    player.playTracks(tracks.slice(0, 2), 1);
    player.cycleRepeat();
    store.engine.handleEnded();
    expect(state().currentTrack?.id).toBe(1);
    expect(state().isPlaying).toBe(true);
  });

  it('a track that fails is skipped', () => {
    const { store, player, state } = setup();
    player.playTracks(tracks.slice(0, 2));
    store.engine.handleError();
    expect(state().currentTrack?.id).toBe(2);
    store.engine.handleError();
    expect(state().isPlaying).toBe(false);
  });
});

describe('persistence', () => {
  it('restores the queue, position and settings paused after a reload', () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.player.playTracks(tracks, 1, { type: 'playlist', id: 8 });
    first.player.setVolume(0.4);
    first.player.cycleRepeat();
    first.player.toggleShuffle();
    first.player.setCrossfade(7);
    first.store.engine.reportProgress(42_000);
    first.store.engine.flush();

    const second = setup({ storage });
    const state = second.state();
    expect(ids(state.queue)).toEqual(ids(first.state().queue));
    expect(state.currentTrack?.id).toBe(2);
    expect(state.positionMs).toBe(42_000);
    expect(state.isPlaying).toBe(false);
    expect(state.volume).toBe(0.4);
    expect(state.repeat).toBe('all');
    expect(state.shuffle).toBe(true);
    expect(state.crossfadeSeconds).toBe(7);
    expect(state.context).toEqual({ type: 'playlist', id: 8 });
    // The original order survives the reload too.
    second.player.toggleShuffle();
    expect(ids(second.state().queue)).toEqual([1, 2, 3, 4, 5]);
    expect(second.state().currentTrack?.id).toBe(2);
  });

  it('keeps the crossfade within 0 to 12 s', () => {
    const { player, state } = setup();
    expect(state().crossfadeSeconds).toBe(0);
    player.setCrossfade(30);
    expect(state().crossfadeSeconds).toBe(12);
    player.setCrossfade(-1);
    expect(state().crossfadeSeconds).toBe(0);
  });

  it('saves only what the player shows about each track', () => {
    const storage = new MemoryStorage();
    const { player } = setup({ storage });
    player.playTracks([{ ...makeTrack(1), lyrics: 'la la la' } as PlayerTrack]);
    const saved = JSON.parse(storage.getItem(PLAYER_STORAGE_KEY)!) as { queue: object[] };
    expect(saved.queue[0]).not.toHaveProperty('lyrics');
    expect(saved.queue[0]).toMatchObject({ id: 1, name: 'Track 1' });
  });

  it('ignores a damaged saved state', () => {
    const storage = new MemoryStorage();
    storage.setItem(PLAYER_STORAGE_KEY, '{"queue": [{"id": "x"}], "index": 7, "volume": 9');
    const { state } = setup({ storage });
    expect(state().queue).toEqual([]);
    expect(state().volume).toBe(1);
    storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ queue: [{ id: 'x' }], index: 7 }));
    expect(setup({ storage }).state().currentTrack).toBeNull();
  });
});

describe('autoplay when the queue ends', () => {
  /** A radio that answers when told to, so the wait for it can be seen. */
  function radio(answer: PlayerTrack[]) {
    const asked: number[] = [];
    let release: () => void = () => {};
    const similarTo = (track: PlayerTrack) => {
      asked.push(track.id);
      return new Promise<PlayerTrack[]>((resolve) => {
        release = () => resolve(answer);
      });
    };
    return { asked, similarTo, answer: async () => (release(), await Promise.resolve()) };
  }

  it('goes on with the radio of the last track, none already queued, when on (the default)', async () => {
    const similar = radio([makeTrack(2), makeTrack(7), makeTrack(8)]);
    const { store, player, state } = setup({ similarTo: similar.similarTo });
    expect(state().autoplay).toBe(true);
    player.playTracks(tracks.slice(0, 2));
    store.engine.handleEnded();
    store.engine.handleEnded();
    expect(similar.asked).toEqual([2]);
    expect(state().isPlaying).toBe(false);
    await similar.answer();
    expect(ids(state().queue)).toEqual([1, 2, 7, 8]);
    expect(state().currentTrack?.id).toBe(7);
    expect(state().isPlaying).toBe(true);
  });

  it('goes on after "next" on the last track too, and not once the listener moved on', async () => {
    const similar = radio([makeTrack(9)]);
    const { player, state } = setup({ similarTo: similar.similarTo });
    player.playTracks([makeTrack(1)]);
    player.next();
    expect(similar.asked).toEqual([1]);
    player.playTracks([makeTrack(5)]);
    await similar.answer();
    expect(ids(state().queue)).toEqual([5]);
  });

  it('stops at the end when turned off, and remembers the choice', () => {
    const storage = new MemoryStorage();
    const similar = radio([makeTrack(9)]);
    const { store, player, state } = setup({ similarTo: similar.similarTo, storage });
    player.setAutoplay(false);
    player.playTracks([makeTrack(1)]);
    store.engine.handleEnded();
    expect(similar.asked).toEqual([]);
    expect(state().isPlaying).toBe(false);
    expect(setup({ storage }).state().autoplay).toBe(false);
  });
});

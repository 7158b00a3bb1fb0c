/**
 * What happened in the app that other modules may act on, without the module where it happened
 * knowing who listens (notifications listen to most of these).
 */
export interface AppEvents {
  'account.created': { userId: number };
  'account.signed_in': {
    userId: number;
    /** A browser and system this user never signed in with before. */
    newDevice: boolean;
    userAgent: string | null;
    ip: string | null;
  };
  'account.password_changed': { userId: number };
  'account.two_factor_changed': { userId: number; enabled: boolean };
  'music.user_followed': { followerId: number; userId: number };
  'music.album_released': { albumId: number; artistIds: number[] };
  /** A signed-in listener's play counted (30 s heard, or a short track to its end). */
  'music.play_counted': { playId: number; trackId: number; userId: number; startedAt: string };
  /** A signed-in listener's player started a track. */
  'music.now_playing': { trackId: number; userId: number };
  'backstage.request_submitted': { requestId: number };
  'backstage.request_reviewed': { requestId: number };
}

export type EventName = keyof AppEvents;
type Handler<E extends EventName> = (payload: AppEvents[E]) => void | Promise<void>;

export interface EventBus {
  on<E extends EventName>(name: E, handler: Handler<E>): void;
  /** Runs every handler; one that fails is logged and does not stop the others or the caller. */
  emit<E extends EventName>(name: E, payload: AppEvents[E]): Promise<void>;
}

export function createEventBus(log: (message: string, error: unknown) => void): EventBus {
  const handlers = new Map<EventName, Handler<never>[]>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as Handler<never>]);
    },
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await (handler as Handler<typeof name>)(payload);
        } catch (error) {
          log(`handling ${name} failed`, error);
        }
      }
    },
  };
}

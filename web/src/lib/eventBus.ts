/** A small typed event bus with on, off and emit: one app-wide channel between parts that do not import each other. */

export type Handler<P> = (payload: P) => void;

export interface EventBus<E extends Record<string, unknown>> {
  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void;
  off<K extends keyof E>(event: K, handler: Handler<E[K]>): void;
  emit<K extends keyof E>(event: K, payload: E[K]): void;
}

export function createEventBus<E extends Record<string, unknown>>(): EventBus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  return {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as Handler<never>);
      return () => this.off(event, handler);
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler as Handler<never>);
    },
    emit(event, payload) {
      const set = handlers.get(event);
      if (!set) return;
      for (const h of [...set]) (h as Handler<E[typeof event]>)(payload);
    },
  };
}

/** App-wide events. */
export interface AppEvents extends Record<string, unknown> {
  /** A wallet cannot switch chains: disconnect and reopen the wallet list. */
  'quit-wallet': { reason: string };
  /** Points changed (check-in, quest): refetch totals. */
  'points-changed': undefined;
}

export const appBus = createEventBus<AppEvents>();

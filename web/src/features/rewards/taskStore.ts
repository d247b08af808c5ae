import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { nextTaskState, type SocialKind, type TaskEvent, type TaskState } from './socialTask';

const key = (user: string, id: number): string => `${user.toLowerCase()}:${id}`;

interface TaskStore {
  /** Task states by `user:id`, kept across reloads (the Discord authorisation leaves the page). */
  states: Record<string, TaskState>;
  /** Campaign ids whose share modal was shown, by user. */
  shared: Record<string, number[]>;
  dispatch: (user: string, id: number, kind: SocialKind, event: TaskEvent) => TaskState;
  markShared: (user: string, id: number) => void;
}

export const useTaskStore = create<TaskStore>()(
  persist(
    (set, get) => ({
      states: {},
      shared: {},
      dispatch: (user, id, kind, event) => {
        const k = key(user, id);
        const next = nextTaskState(kind, get().states[k] ?? 'idle', event);
        set((s) => ({ states: { ...s.states, [k]: next } }));
        return next;
      },
      markShared: (user, id) =>
        set((s) => {
          const u = user.toLowerCase();
          const list = s.shared[u] ?? [];
          return list.includes(id) ? s : { shared: { ...s.shared, [u]: [...list, id] } };
        }),
    }),
    {
      name: 'perch-tasks',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // A verification cut short by a reload goes back to Verify.
      partialize: (s) => ({
        states: Object.fromEntries(Object.entries(s.states).map(([k, v]) => [k, v === 'verifying' ? 'ready' : v])),
        shared: s.shared,
      }),
    },
  ),
);

export const useTaskState = (user: string, id: number): TaskState => useTaskStore((s) => s.states[key(user, id)] ?? 'idle');

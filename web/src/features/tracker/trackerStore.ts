import { create } from 'zustand';
import type { ActivityColumn, ActivitySort } from './activity';
import { nextSort } from './activity';

/** The tracker pages' form state: what is typed and how the table is sorted (the URL holds what was asked). */
interface TrackerFormState {
  input: string;
  sort: ActivitySort;
  setInput: (input: string) => void;
  sortBy: (column: ActivityColumn) => void;
  reset: () => void;
}

const INITIAL = { input: '', sort: { column: 'transactions', direction: 'desc' } as ActivitySort };

export const useTrackerForm = create<TrackerFormState>()((set) => ({
  ...INITIAL,
  setInput: (input) => set({ input }),
  sortBy: (column) => set((s) => ({ sort: nextSort(s.sort, column) })),
  reset: () => set(INITIAL),
}));

import { create } from 'zustand';

/** /query's box (the URL's ?q= holds what was asked). */
interface QueryFormState {
  input: string;
  setInput: (input: string) => void;
}

export const useQueryForm = create<QueryFormState>()((set) => ({
  input: '',
  setInput: (input) => set({ input }),
}));

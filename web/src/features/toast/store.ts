import { create } from 'zustand';

export type ToastLevel = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  level: ToastLevel;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  push: (level: ToastLevel, message: string) => number;
  dismiss: (id: number) => void;
}

/** How long a toast stays. */
export const TOAST_MS = 4000;

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  push: (level, message) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, level, message }] }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export const toast = {
  success: (message: string) => useToastStore.getState().push('success', message),
  error: (message: string) => useToastStore.getState().push('error', message),
  info: (message: string) => useToastStore.getState().push('info', message),
};

import { create } from 'zustand';

interface UiState {
  morePanelOpen: boolean;
  setMorePanel: (open: boolean) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  morePanelOpen: false,
  setMorePanel: (open) => set({ morePanelOpen: open }),
}));

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The user's organisation as last fetched (docs/product.md#session-user: id, status; filled by the organisations issue). */
export type OrganisationSummary = { id: string; name: string; status: 'inactive' | 'awaiting_payment' | 'outstanding_payment' | 'active' };

export interface OrganisationState {
  organisation: OrganisationSummary | null;
  setOrganisation: (organisation: OrganisationSummary | null) => void;
  reset: () => void;
}

export const useOrganisationStore = create<OrganisationState>()(
  persist(
    (set) => ({
      organisation: null,
      setOrganisation: (organisation) => set({ organisation }),
      reset: () => set({ organisation: null }),
    }),
    { name: 'fyn-organisation', storage: createJSONStorage(() => localStorage) },
  ),
);

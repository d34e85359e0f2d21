import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** docs/product.md#plans: the chosen plan (the free plan "1" by default) and monthly or annual billing. */
export interface PlanState {
  selectedPlan: string;
  isAnnual: boolean;
  selectPlan: (id: string) => void;
  setAnnual: (isAnnual: boolean) => void;
  /** docs/product.md#plans: back to the free plan and monthly billing. */
  reset: () => void;
}

export const FREE_PLAN_ID = '1';

export const usePlanStore = create<PlanState>()(
  persist(
    (set) => ({
      selectedPlan: FREE_PLAN_ID,
      isAnnual: false,
      selectPlan: (selectedPlan) => set({ selectedPlan }),
      setAnnual: (isAnnual) => set({ isAnnual }),
      reset: () => set({ selectedPlan: FREE_PLAN_ID, isAnnual: false }),
    }),
    { name: 'fyn-plans', storage: createJSONStorage(() => localStorage) },
  ),
);

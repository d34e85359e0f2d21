/** HR's code lists and state machines (issue 13): the server enforces them, the browser offers them. */

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'temporary', 'contractor', 'intern'] as const;

/** Working patterns by the days of the week worked (0 Sunday … 6 Saturday): port and airport shifts included. */
export const WORKING_PATTERNS = { mon_fri: [1, 2, 3, 4, 5], tue_sat: [2, 3, 4, 5, 6], sun_thu: [0, 1, 2, 3, 4], mon_sat: [1, 2, 3, 4, 5, 6] } as const;
export type WorkingPattern = keyof typeof WORKING_PATTERNS;
export const WORKING_PATTERN_NAMES = Object.keys(WORKING_PATTERNS) as WorkingPattern[];

export const CONTRACT_TYPES = ['permanent', 'fixed_term', 'part_time', 'zero_hours', 'internship'] as const;
export const CONTRACT_STATUSES = ['draft', 'active', 'ended', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** A contract's actions and the statuses each is allowed from (409 invalid_transition otherwise). */
export const CONTRACT_ACTIONS = {
  edit: ['draft'],
  activate: ['draft'],
  end: ['active'],
  terminate: ['active'],
  delete: ['draft'],
} as const satisfies Record<string, readonly ContractStatus[]>;
export type ContractAction = keyof typeof CONTRACT_ACTIONS;
export const mayContract = (action: ContractAction, status: ContractStatus) => (CONTRACT_ACTIONS[action] as readonly string[]).includes(status);

/** The country whose holidays apply at a UN/LOCODE work location (its first two letters). */
export const countryOf = (location: string) => location.slice(0, 2).toUpperCase();

type LanguageLoad = (language: string) => Promise<void>;

const loads = new Set<LanguageLoad>();

/**
 * Modules with texts of their own (dayjs) register what to load for a language. They
 * register when they load, so that the first page does not load them for the switch's sake.
 */
export function onLanguageLoad(load: LanguageLoad): void {
  loads.add(load);
}

/** Runs every registered load for a language (before the interface switches to it). */
export async function runLanguageLoads(language: string): Promise<void> {
  await Promise.all([...loads].map((load) => load(language)));
}

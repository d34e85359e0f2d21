import base from '@testing-library/user-event';

/**
 * user-event without a pause between keys and clicks: how fast someone types is never what a
 * component test is about, and each pause is a timer round trip. One per test file (each file
 * has its own module instance), used like the default export: `userEvent.click(…)`.
 */
export const userEvent = base.setup({ delay: null });

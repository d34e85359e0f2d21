/** The attack suite's fuzz, share 2 of 2 of the operations (see suite.ts and fuzz.ts). */
import { defineFuzz } from './fuzz.ts';

await defineFuzz('fuzz-2.test.ts', 1, 2);

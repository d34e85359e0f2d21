/** The attack suite's fuzz, share 1 of 2 of the operations (see suite.ts and fuzz.ts). */
import { defineFuzz } from './fuzz.ts';

await defineFuzz('fuzz-1.test.ts', 0, 2);

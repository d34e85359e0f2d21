import { bankDetails } from './bank-details.ts';
import { chargeCodes } from './charge-codes.ts';
import { clientTiers } from './client-tiers.ts';
import { departments } from './departments.ts';
import { partners } from './partners.ts';
import { rolesResource } from './roles.ts';

/** Every plain tenant record type; the server mounts each, the browser lists each. */
export const RESOURCES = [departments, chargeCodes, clientTiers, bankDetails, partners, rolesResource] as const;

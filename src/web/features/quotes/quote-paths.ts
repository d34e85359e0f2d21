/** Where the quotation list lives: a leaf, so that a screen linking to it does not load the list screen itself. */
export const QUOTES_PATH = '/organisation/crm/quotation-management';

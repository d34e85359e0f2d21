/** Where a native organisation's pages live: a leaf module, so that linking to them loads no screen. */
export const NATIVE_ORGANISATIONS_PATH = '/organisation/crm/connections/native-organisation';
export const profilePath = (id: string) => `${NATIVE_ORGANISATIONS_PATH}/${id}/profile`;

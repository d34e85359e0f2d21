// How long a session lives, in seconds: better-auth is configured with it (better-auth.ts) and the
// session reader renews by it (session.ts); a leaf of both, so neither imports the other for it.
const DAY = 86_400;
export const SESSION_EXPIRES_IN = 30 * DAY;
export const SESSION_UPDATE_AGE = DAY;

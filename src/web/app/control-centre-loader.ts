/**
 * The control centre's code, fetched through this small module: the route table (on every page,
 * the login page included) then names one small file instead of the long list of chunks the
 * control centre needs, which stays here until a control-centre page is opened.
 */
export const loadControlCentreScreens = () => import('./control-centre-screens.tsx').then((m) => m.CONTROL_CENTRE_SCREENS);
export const loadAcceptInvitation = () => import('../features/control-centre/accept-invitation-screen.tsx');

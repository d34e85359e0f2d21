import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { GuardName } from './guards.tsx';
import type { ControlCentreScreenName } from './control-centre-loader.ts';

export type LayoutName = 'home' | 'auth' | '404' | 'pricing';

/** The side menu's groups (docs/product.md#routes), and the header's user menu. */
export type MenuArea = 'general' | 'organisation' | 'control_centre' | 'crm' | 'hr' | 'user';

/** Icon names of menu entries; app/menu-icons.tsx draws them (kept off the login page). */
export type MenuIcon =
  | 'dashboard'
  | 'analytics'
  | 'connections'
  | 'chats'
  | 'documents'
  | 'tracking'
  | 'shipments_under_way'
  | 'tasks'
  | 'exceptions'
  | 'notifications'
  | 'recruitment'
  | 'ai'
  | 'posts'
  | 'profile'
  | 'settings'
  | 'billing';

export interface MenuEntry {
  area: MenuArea;
  icon?: MenuIcon;
  /** Only offered to users without an organisation (creating one). */
  withoutOrganisation?: boolean;
  /** Only offered to members of an organisation, though the page itself is open to any user. */
  withOrganisation?: boolean;
  /** Only offered to members whose role holds this permission (the page would only say it is not shown to them). */
  permission?: string;
  /**
   * i18n key of the entry's words when the route's title (the spec's, kept word for word on the
   * page) would not say what the page is beside its neighbours in the menu.
   */
  labelKey?: string;
}

export interface AppRoute {
  path: string;
  /** i18n key of the screen title; the document title is "<title> · FYN". */
  titleKey: string;
  layout: LayoutName;
  /** Checked in order; a route without a list is guarded by `auth` (docs/product.md#guards). */
  guards?: readonly GuardName[];
  screen: LazyScreen;
  /** Present when the route is an entry of the side menu (or the user menu), in table order. */
  menu?: MenuEntry;
  /** A page whose path lies outside its area: its breadcrumb continues this route's (e.g. /admin/perms under the control centre). */
  crumbsUnder?: string;
}

/** A screen loaded on demand, whose code can be fetched ahead of its first render. */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<unknown>;
  /** A control-centre screen's name in control-centre-loader.ts (the bundle budget check tells record lists by it). */
  controlCentre?: ControlCentreScreenName;
};

/** React.lazy for a module's named export (we use no default exports). */
function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyScreen {
  const screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return Object.assign(screen, { preload: load });
}

const DashboardScreen = lazyScreen(() => import('./dashboard-home.tsx'), 'DashboardHome');
const UserPostsScreen = lazyScreen(() => import('../features/feed/posts-screens.tsx'), 'UserPostsScreen');
const OrganisationPostsScreen = lazyScreen(() => import('../features/feed/posts-screens.tsx'), 'OrganisationPostsScreen');
const LoginScreen = lazyScreen(() => import('../features/auth/login-screen.tsx'), 'LoginScreen');
const SignUpScreen = lazyScreen(() => import('../features/auth/sign-up-screen.tsx'), 'SignUpScreen');
const ForgotPasswordScreen = lazyScreen(
  () => import('../features/auth/forgot-password-screen.tsx'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyScreen(
  () => import('../features/auth/reset-password-screen.tsx'),
  'ResetPasswordScreen',
);
const DevScreen = lazyScreen(() => import('../features/dev/dev-screen.tsx'), 'DevScreen');
const NotFoundScreen = lazyScreen(() => import('../features/not-found/not-found-screen.tsx'), 'NotFoundScreen');
const SettingsScreen = lazyScreen(() => import('../features/settings/settings-screen.tsx'), 'SettingsScreen');
const ProfileScreen = lazyScreen(() => import('../features/profile/profile-screen.tsx'), 'ProfileScreen');
const NotificationsScreen = lazyScreen(() => import('../features/notifications/notifications-screen.tsx'), 'NotificationsScreen');
const ChatsScreen = lazyScreen(() => import('../features/chats/chats-screen.tsx'), 'ChatsScreen');
const AiScreen = lazyScreen(() => import('../features/ai/ai-screen.tsx'), 'AiScreen');
const QuotesScreen = lazyScreen(() => import('../features/quotes/quotes-screen.tsx'), 'QuotesScreen');
const QuoteScreen = lazyScreen(() => import('../features/quotes/quote-screen.tsx'), 'QuoteScreen');
const BookingScreen = lazyScreen(() => import('../features/operations/booking-screen.tsx'), 'BookingScreen');
const ShipmentsScreen = lazyScreen(() => import('../features/operations/shipments-screen.tsx'), 'ShipmentsScreen');
const ShipmentScreen = lazyScreen(() => import('../features/operations/shipment-screen.tsx'), 'ShipmentScreen');
const TrackingScreen = lazyScreen(() => import('../features/operations/tracking-screens.tsx'), 'TrackingScreen');
const TrackingViewScreen = lazyScreen(() => import('../features/operations/tracking-screens.tsx'), 'TrackingViewScreen');
const PublicTrackingScreen = lazyScreen(() => import('../features/operations/tracking-screens.tsx'), 'PublicTrackingScreen');
const ExceptionsScreen = lazyScreen(() => import('../features/operations/exceptions-screen.tsx'), 'ExceptionsScreen');
const TasksScreen = lazyScreen(() => import('../features/operations/tasks-screen.tsx'), 'TasksScreen');
const DocumentTypesScreen = lazyScreen(() => import('../features/operations/documents-screens.tsx'), 'DocumentTypesScreen');
const GeneratedDocumentsScreen = lazyScreen(() => import('../features/operations/documents-screens.tsx'), 'GeneratedDocumentsScreen');
const HrHomeScreen = lazyScreen(() => import('../features/hr/hr-home-screen.tsx'), 'HrHomeScreen');
const HrContractsScreen = lazyScreen(() => import('./hr-contracts.tsx'), 'HrContractsScreen');
const HrPayrollScreen = lazyScreen(() => import('./hr-payroll.tsx'), 'HrPayrollScreen');
const PayrollRunScreen = lazyScreen(() => import('../features/hr/payroll-run-screen.tsx'), 'PayrollRunScreen');
const LeaveScreen = lazyScreen(() => import('../features/hr/leave-screen.tsx'), 'LeaveScreen');
const HrPerformanceScreen = lazyScreen(() => import('./hr-performance.tsx'), 'HrPerformanceScreen');
const ReviewScreen = lazyScreen(() => import('../features/performance/review-screen.tsx'), 'ReviewScreen');
const QuotationDocumentsScreen = lazyScreen(() => import('../features/operations/documents-screens.tsx'), 'QuotationDocumentsScreen');
const LeadsScreen = lazyScreen(() => import('./leads-screen.tsx'), 'LeadsScreen');
const PipelineScreen = lazyScreen(() => import('../features/quotes/pipeline-screen.tsx'), 'PipelineScreen');
const NativeOrganisationProfile = lazyScreen(() => import('./native-organisation-profile.tsx'), 'NativeOrganisationProfile');
const NativeOrganisationCreate = lazyScreen(() => import('./native-organisation-create.tsx'), 'NativeOrganisationCreate');
const DevelopersScreen = lazyScreen(() => import('../features/developers/developers-screen.tsx'), 'DevelopersScreen');
const ClientManagementScreen = lazyScreen(() => import('../features/quotes/clients-screen.tsx'), 'ClientManagementScreen');
const CrmConnectionsScreen = lazyScreen(() => import('../features/quotes/clients-screen.tsx'), 'CrmConnectionsScreen');
const CarbonOffsettingScreen = lazyScreen(() => import('./carbon-offsetting.tsx'), 'CarbonOffsettingScreen');
const CrmHomeScreen = lazyScreen(() => import('../features/quotes/crm-home-screen.tsx'), 'CrmHomeScreen');
const RatesScreen = lazyScreen(() => import('../features/quotes/rates-screen.tsx'), 'RatesScreen');
const PublicQuoteScreen = lazyScreen(() => import('../features/quotes/public-quote-screen.tsx'), 'PublicQuoteScreen');
const RecruitmentHubScreen = lazyScreen(() => import('./recruitment-hub.tsx'), 'RecruitmentHubScreen');
const CareersScreen = lazyScreen(() => import('../features/recruitment/careers-screen.tsx'), 'CareersScreen');
/** Screens loaded when first visited. */
const PricingScreen = lazyScreen(() => import('../features/pricing/pricing-screen.tsx'), 'PricingScreen');
const BillingScreen = lazyScreen(() => import('../features/billing/billing-screen.tsx'), 'BillingScreen');
const SecurePaymentScreen = lazyScreen(() => import('../features/billing/secure-payment-screen.tsx'), 'SecurePaymentScreen');
const CreateOrganisationScreen = lazyScreen(() => import('../features/organisation/create-organisation-screen.tsx'), 'CreateOrganisationScreen');
const ConnectionsScreen = lazyScreen(() => import('../features/connections/connections-screen.tsx'), 'ConnectionsScreen');
const MyAnalyticsScreen = lazyScreen(() => import('../features/analytics/analytics-screen.tsx'), 'MyAnalyticsScreen');
const AnalyticsUnsubscribeScreen = lazyScreen(() => import('../features/analytics/unsubscribe-screen.tsx'), 'UnsubscribeScreen');
const OrganisationAnalyticsScreen = lazyScreen(() => import('../features/analytics/analytics-screen.tsx'), 'OrganisationAnalyticsScreen');
/** The control centre's screens, in a few groups reached through a small loader (see there). */
const ccLoader = () => import('./control-centre-loader.ts');
const AcceptInvitationScreen = lazyScreen(async () => (await ccLoader()).loadAcceptInvitation(), 'AcceptInvitationScreen');
const ccScreen = (name: ControlCentreScreenName): LazyScreen =>
  Object.assign(lazyScreen(async () => (await ccLoader()).loadControlCentreScreen(name), name), { controlCentre: name });

const AUTH = ['auth'] as const;
const GUEST = ['guest'] as const;
const ORG = ['auth', 'organisation'] as const;
const OPEN = [] as const;

/** A home-layout route (most screens). */
function home(path: string, titleKey: string, guards: readonly GuardName[], screen: LazyScreen, menu?: MenuEntry): AppRoute {
  return { path, titleKey: `titles.${titleKey}`, layout: 'home', guards, screen, ...(menu && { menu }) };
}

const CC = '/organisation/control-centre';
const CRM = '/organisation/crm';
const HR = '/organisation/hr';
const cc = (sub: string, key: string, screen: LazyScreen, menu = true) =>
  home(`${CC}/${sub}`, `cc_${key}`, ORG, screen, menu ? { area: 'control_centre' } : undefined);

/**
 * Every route of docs/product.md#routes, the one list the router, the side menu, the user menu, the
 * breadcrumbs and the document titles are built from. Guards "not shown" in the spec are
 * `auth` (the screens hold a user's or an organisation's data), except /dev (see there).
 */
export const ROUTES: readonly AppRoute[] = [
  // General
  home('/', 'dashboard', AUTH, DashboardScreen, { area: 'general', icon: 'dashboard' }),
  home('/analytics', 'analytics', ORG, MyAnalyticsScreen, { area: 'general', icon: 'analytics' }),
  home('/connections', 'connections', ['auth', 'user'], ConnectionsScreen, { area: 'general', icon: 'connections' }),
  home('/chats', 'chats', AUTH, ChatsScreen, { area: 'general', icon: 'chats' }),
  home('/task-assignment', 'task_assignment', AUTH, TasksScreen, { area: 'general', icon: 'tasks' }),
  home('/tracking', 'tracking', ['auth', 'tracking'], TrackingScreen, { area: 'general', icon: 'tracking' }),
  // Shipments under way, next to the tracking search.
  // Menu words say what it lists (the page keeps the spec's title); offered to those who may see shipments.
  home('/tracking-view', 'tracking_view', ORG, TrackingViewScreen, { area: 'general', icon: 'shipments_under_way', permission: 'operations.view', labelKey: 'menu_entries.tracking_view' }),
  home('/documents', 'documents', ORG, DocumentTypesScreen, { area: 'general', icon: 'documents' }),
  home('/documents/pdf/documents', 'document_type_management', AUTH, GeneratedDocumentsScreen),
  home('/documents/pdf/quotation', 'document_type_management', AUTH, QuotationDocumentsScreen),
  home('/documents/template', 'document_template', AUTH, ccScreen('documentTemplates')),
  home('/exceptions', 'exceptions', AUTH, ExceptionsScreen, { area: 'general', icon: 'exceptions' }),
  home('/notification', 'notifications', AUTH, NotificationsScreen, { area: 'general', icon: 'notifications' }),
  home('/recruitment-hub', 'recruitment_hub', AUTH, RecruitmentHubScreen, { area: 'general', icon: 'recruitment' }),
  home('/ai', 'ai_credits', AUTH, AiScreen, { area: 'general', icon: 'ai' }),
  home('/user/posts', 'user_posts', AUTH, UserPostsScreen, { area: 'general', icon: 'posts' }),
  home('/secure-payment/begin', 'secure_payment', AUTH, SecurePaymentScreen),
  home('/profile', 'profile', ['auth', 'user'], ProfileScreen, { area: 'user', icon: 'profile' }),
  home('/profile/:userId', 'profile', ['auth', 'user'], ProfileScreen),
  home('/settings', 'settings', AUTH, SettingsScreen, { area: 'user', icon: 'settings' }),
  home('/billing', 'billing', AUTH, BillingScreen, { area: 'user', icon: 'billing' }),
  // Guards "not shown"; open so that the mail outbox can be read before logging in.
  home('/dev', 'developer', OPEN, DevScreen),
  { path: '/pricing', titleKey: 'titles.pricing', layout: 'pricing', guards: OPEN, screen: PricingScreen },
  // The link a quotation's client is e-mailed: no account, logged in or not.
  { path: '/quote/:token', titleKey: 'titles.quote_link', layout: 'pricing', guards: OPEN, screen: PublicQuoteScreen },
  // The tracking link a shipment's client is given: no account, logged in or not.
  { path: '/track/:token', titleKey: 'titles.track_link', layout: 'pricing', guards: OPEN, screen: PublicTrackingScreen },
  // A mailed analytics report's one-click unsubscribe link: no account, logged in or not.
  { path: '/analytics/unsubscribe/:token', titleKey: 'titles.analytics_unsubscribe', layout: 'pricing', guards: OPEN, screen: AnalyticsUnsubscribeScreen },
  // A job opening's public application page: no account, logged in or not.
  { path: '/careers/:slug', titleKey: 'titles.careers', layout: 'pricing', guards: OPEN, screen: CareersScreen },

  // Authentication: the spec titles all four screens so.
  { path: '/auth/login', titleKey: 'titles.authentication', layout: 'auth', guards: GUEST, screen: LoginScreen },
  { path: '/auth/sign-up', titleKey: 'titles.authentication', layout: 'auth', guards: GUEST, screen: SignUpScreen },
  {
    path: '/auth/forgot-password',
    titleKey: 'titles.authentication',
    layout: 'auth',
    guards: GUEST,
    screen: ForgotPasswordScreen,
  },
  {
    path: '/auth/reset-password',
    titleKey: 'titles.authentication',
    layout: 'auth',
    guards: GUEST,
    screen: ResetPasswordScreen,
  },
  // The mailed invitation link (/auth/sign-up?invitation=…) lands here, logged in or not.
  { path: '/invitations/accept', titleKey: 'titles.accept_invitation', layout: 'auth', guards: OPEN, screen: AcceptInvitationScreen },

  // Organisation area (auth, organisation unless noted)
  home('/organisation/analytics', 'org_analytics', ORG, OrganisationAnalyticsScreen, { area: 'organisation' }),
  home('/organisation/client-management', 'org_client_management', ORG, ClientManagementScreen, { area: 'organisation' }),
  home('/organisation/carbon-offsetting', 'org_carbon_offsetting', ORG, CarbonOffsettingScreen, { area: 'organisation' }),
  home('/organisation/posts', 'org_posts', ORG, OrganisationPostsScreen, { area: 'organisation' }),
  home('/organisation/dev', 'org_dev', ORG, DevelopersScreen, { area: 'organisation' }),
  home('/organisation/create', 'org_create', AUTH, CreateOrganisationScreen, { area: 'organisation', withoutOrganisation: true }),

  // Control centre
  home(CC, 'control_centre', ORG, ccScreen('home'), { area: 'control_centre' }),
  cc('addresses', 'addresses', ccScreen('addresses')),
  cc('bank-details', 'bank_details', ccScreen('bankDetails')),
  cc('charge-code', 'charge_code', ccScreen('chargeCodes')),
  cc('client-assignment', 'client_assignment', ccScreen('clientAssignments')),
  cc('commission-management', 'commission_management', ccScreen('commissions')),
  cc('default-currencies', 'default_currencies', ccScreen('currencies')),
  cc('departments', 'departments', ccScreen('departments')),
  cc('partner', 'partner', ccScreen('partners')),
  cc('rate-management', 'rate_management', RatesScreen),
  cc('reference-lists', 'reference_lists', ccScreen('referenceLists')),
  cc('rms', 'rms', ccScreen('sellRules')),
  cc('roles-and-permissions', 'roles_and_permissions', ccScreen('roles')),
  cc('roles-and-permissions/create', 'role_create', ccScreen('roleEdit'), false),
  cc('roles-and-permissions/perm', 'role_perm', ccScreen('rolePerm'), false),
  cc('roles-and-permissions/:roleId/update', 'role_update', ccScreen('roleEdit'), false),
  // The permission modules every role is made of, beside the roles (the spec's path is outside the control centre).
  // Called "Permission modules" in the menu (the title stays the spec's), to tell it from "Roles and permissions" just above.
  { ...home('/admin/perms', 'permissions', AUTH, ccScreen('permissionModules'), { area: 'control_centre', withOrganisation: true, labelKey: 'menu_entries.permission_modules' }), crumbsUnder: CC },
  cc('staff', 'staff', ccScreen('staff')),
  cc('staff/configurations', 'staff_configurations', ccScreen('invitations'), false),
  cc('staff/configurations/edit', 'staff_configurations_edit', ccScreen('invitationDefaults'), false),
  cc('standard-certifications', 'standard_certifications', ccScreen('standards')),
  cc('standards-and-certifications', 'standards_and_certifications', ccScreen('standards')),
  cc('supply-chain-and-logistics', 'supply_chain_and_logistics', ccScreen('networks')),
  cc('tasks', 'tasks', ccScreen('tasks')),
  cc('tiers', 'tiers', ccScreen('tiers')),
  cc('work-classification', 'work_classification', ccScreen('work')),

  // CRM
  home(CRM, 'crm', ORG, CrmHomeScreen, { area: 'crm' }),
  home(`${CRM}/connections`, 'crm_connections', ORG, CrmConnectionsScreen, { area: 'crm' }),
  home(`${CRM}/connections/native-organisation`, 'crm_native_organisations', ORG, ccScreen('nativeOrganisations'), { area: 'crm' }),
  home(`${CRM}/connections/native-organisation/create`, 'crm_native_organisation_create', ORG, NativeOrganisationCreate),
  home(`${CRM}/connections/native-organisation/:organisationId/profile`, 'crm_native_organisation_profile', ORG, NativeOrganisationProfile),
  home(`${CRM}/lead-generation`, 'crm_lead_generation', ORG, LeadsScreen, { area: 'crm' }),
  home(`${CRM}/pipeline-management`, 'crm_pipeline_management', ORG, PipelineScreen, { area: 'crm' }),
  home(`${CRM}/quotation-management`, 'crm_quotation_management', ORG, QuotesScreen, { area: 'crm' }),
  home(`${CRM}/quotation-management/:quoteId`, 'crm_quotation', ORG, QuoteScreen),
  home(`${CRM}/quotation-management/booking/:bookingId`, 'crm_booking', ORG, BookingScreen),
  home(`${CRM}/shipment-management`, 'crm_shipment_management', ORG, ShipmentsScreen, { area: 'crm' }),
  home(`${CRM}/shipment-management/:shipmentId`, 'crm_shipment', ORG, ShipmentScreen),

  // HR
  home(HR, 'hr', ORG, HrHomeScreen, { area: 'hr' }),
  home(`${HR}/contracts`, 'hr_contracts', ORG, HrContractsScreen, { area: 'hr' }),
  home(`${HR}/leave-management`, 'hr_leave_management', ORG, LeaveScreen, { area: 'hr' }),
  home(`${HR}/payroll`, 'hr_payroll', ORG, HrPayrollScreen, { area: 'hr' }),
  home(`${HR}/payroll/:id`, 'hr_payroll_detail', ORG, PayrollRunScreen),
  home(`${HR}/performance`, 'hr_performance', AUTH, HrPerformanceScreen, { area: 'hr' }),
  home(`${HR}/performance/:id`, 'hr_performance_detail', AUTH, ReviewScreen),

  // Spec `/:all(.*)`: anything else.
  { path: '*', titleKey: 'titles.not_found', layout: '404', guards: OPEN, screen: NotFoundScreen },
];

/** The route that will show `pathname` (the catch-all when none matches). */
export function routeFor(pathname: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return exactRoute(pathname, routes) ?? routes.find((route) => route.path === '*');
}

function exactRoute(pathname: string, routes: readonly AppRoute[]): AppRoute | undefined {
  // react-router ranks static segments above params; so do we (…/booking/1 is not a :quoteId).
  const matches = routes.filter((route) => route.path !== '*' && matchPath({ path: route.path, end: true }, pathname));
  return matches.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

const paramCount = (path: string) => path.split('/').filter((s) => s.startsWith(':')).length;

export interface Crumb {
  /** Where the crumb links to; the last crumb (the page itself) has none. */
  to: string | null;
  titleKey: string;
}

/**
 * The breadcrumb of a page, from the same table: every shorter path that is a route of its
 * own (e.g. CRM › Quotation management › Quotation), then the page.
 */
export function breadcrumbFor(pathname: string, routes: readonly AppRoute[] = ROUTES): Crumb[] {
  const route = routeFor(pathname, routes);
  if (route?.crumbsUnder) {
    const parent = route.crumbsUnder;
    const trail = breadcrumbFor(parent, routes).map((c) => (c.to === null ? { ...c, to: parent } : c));
    return [...trail, { to: null, titleKey: route.titleKey }];
  }
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let i = 1; i < segments.length; i++) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    // Only fixed paths: `…/booking` is not a `:quoteId`.
    const above = exactRoute(prefix, routes.filter((r) => paramCount(r.path) === 0));
    if (above && above.layout === 'home') crumbs.push({ to: prefix, titleKey: above.titleKey });
  }
  if (route) crumbs.push({ to: null, titleKey: route.titleKey });
  return crumbs;
}

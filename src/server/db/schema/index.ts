export * from './auth.ts';
export * from './mail.ts';
export * from './locations.ts';
export * from './organisations.ts';
export * from './tenant.ts';
export * from './network.ts';
export * from './social.ts';
export * from './sales.ts';

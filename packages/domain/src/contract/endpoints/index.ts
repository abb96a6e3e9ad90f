/**
 * Every HTTP call of the member site, the console and the public REST API, declared once (method, path,
 * the names of its schemas): the server registers its routes from these, the web calls them. Free of zod
 * at run time, so the web's bundle carries only these strings.
 */
export * from '../endpoint';
export * from './auth';
export * from './site';
export * from './orders';
export * from './points';
export * from './public-api';
export * from './admin-catalog';
export * from './admin-content';
export * from './admin-orders';
export * from './admin-points';
export * from './admin-members';
export * from './admin-misc';
export * from './inquiries';
export * from './pricing';
export * from './rewards';

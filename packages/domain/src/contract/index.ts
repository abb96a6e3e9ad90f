/**
 * The web–server contract: the request and response schema of every call, written once. The server
 * declares them on its routes (validation, response serialisation, OpenAPI); the web imports the
 * inferred types (type-only, so zod stays out of the browser bundle).
 */
export * from './common';
export * from './auth';
export * from './settings';
export * from './catalog';
export * from './content';
export * from './orders';
export * from './refills';
export * from './admin';
export * from './points';
export * from './public-api';
export * from './admin-audit';
export * from './admin-catalog';
export * from './admin-members';
export * from './admin-orders';
export * from './admin-dashboard';
export * from './admin-content';
export * from './admin-points';
export * from './admin-watch';
export * from './admin-notifications';
export * from './admin-catalog-sync';
export * from './admin-provider-health';
export * from './mass-order';
export * from './inquiries';
export * from './admin-saved-answers';
export * from './pricing';
export * from './rewards';

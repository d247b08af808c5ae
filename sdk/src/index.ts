export * from './client.js';
export * from './bridge.js';
export type { components, paths } from './generated/openapi.js';
export * from './quote.js';
export * from './webhook.js';

// The route table of the upstream API: definitions per resource group, the assembled table, the
// types derived from it and the path matcher. `@/contract` re-exports all of it.
export type { Host, Method, ParamSchemas, RouteDef, RouteSchemas, Schema, SchemaIn } from './define';
export * from './table';
export * from './types';
export * from './match';
export * from './screens';
export * from './screens-inbox';
export * from './screens-records';
export * from './bff-define';
export * from './bff-table';
export * from './notes';
export * from './audit';
export * from './reports';
export * from './search';
export * from './unread';
export * from './preferences';
export * from './presence';
export * from './session';
export * from './workspace';
export * from './imports';
export * from './exports';

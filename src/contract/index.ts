// The contract, one import for the client, the BFF and the fake.
//
// Object, array and union schemas are built in `z.lazy`: a schema is built the first time something
// parses with it, not when the module loads. The browser's shell holds the whole contract, and
// building it up front was about a third of the shell's evaluation: 1,320 zod instances before the
// first screen, 480 now (the screens' URL schemas are lazy the same way). Schemas that others
// extend, pick or make partial stay plain objects: zod needs their shape.
export * from './common';
export * from './scopes';
export * from './conversations';
export * from './channels';
export * from './templates';
export * from './quick-replies';
export * from './groups';
export * from './tags';
export * from './leads';
export * from './customers';
export * from './contacts';
export * from './activities';
export * from './routes';
export * from './bff';
export * from './roles';
export * from './events';
export * from './audit';
export * from './audit-summary';
export * from './workspace';
export * from './contact-links';
export * from './unread';
export * from './authors';
export * from './notes';
export * from './search';
export * from './exports';
export * from './reports';
export * from './thread-names';
export * from './presence';
export * from './preferences';
export * from './snooze';
export * from './scheduled';
export * from './bulk';
export * from './reminders';
export * from './jobs';
export * from './availability';
export * from './sla';
export * from './assignment';
export * from './rules';
export * from './labels';
export * from './saved-views';

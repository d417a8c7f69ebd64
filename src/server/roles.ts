// The role matrix itself lives in the contract (browser-safe, so the UI hides what the BFF would
// refuse); the BFF enforces the same table before forwarding.
export { ROLE_MATRIX, roleCan } from '../contract/roles';
export { ROLES, type Role } from '../contract/bff';

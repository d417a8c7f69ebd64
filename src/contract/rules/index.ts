// Domain rules both sides and the fake apply, one definition each (issue 37).
export * from './lead-match';
export * from './lead-sums';
export * from './retry-after';
export * from './thread-order';
export * from './inbox-row';
export * from './service-window';
export * from './business-time';

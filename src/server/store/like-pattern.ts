// LIKE patterns from what a person typed: the wildcards (`%`, `_`) and the escape character (`\`,
// PostgreSQL's default) are matched as typed. User text only ever reaches SQL as a bound value.

/** `text` with LIKE's wildcards and its escape character escaped. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern matching `text` anywhere. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;

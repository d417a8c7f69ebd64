// Text as people compare it: lower case, accents off ("José" is "jose"). One rule for the search of
// records (src/server/search) and for matching import headers (src/contract/imports.ts).

export const fold = (value: string): string => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

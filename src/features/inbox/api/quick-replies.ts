// The factory lives in lib so the quick replies page shares the same key ['quick-replies','list'].
export { quickRepliesKeys, quickRepliesQuery } from '@/lib/quick-replies';

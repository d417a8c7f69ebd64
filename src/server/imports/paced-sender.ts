// The paced sender is shared with bulk actions (src/server/jobs/paced-sender.ts); the import's
// names for its outcomes stay, so the import reads as before.
export {
  DEFAULT_LOST_ANSWER,
  ItemRefused as RowRefused,
  PacedSender,
  RunPaused as ImportPaused,
  RunStopped as ImportStopped,
  SliceOver,
  type FindCreated,
  type LostAnswerOptions,
  type LostSends,
  type PacedSenderOptions,
} from '../jobs/paced-sender';

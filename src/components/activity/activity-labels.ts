import type { ActivityType, Outcome } from '@/contract';

type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  call: 'Call',
  email: 'Email',
  meeting: 'Meeting',
  note: 'Note',
  task: 'Task',
  deal: 'Deal',
  support_ticket: 'Support ticket',
  sms: 'SMS',
};

export const OUTCOME_LABELS: Record<Outcome, string> = {
  successful: 'Successful',
  follow_up_needed: 'Follow-up needed',
  no_answer: 'No answer',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const OUTCOME_TONES: Record<Outcome, Tone> = {
  successful: 'success',
  follow_up_needed: 'warning',
  no_answer: 'neutral',
  completed: 'success',
  cancelled: 'danger',
};

import type { CustomerStatus, CustomerType } from '@/contract';

type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export const STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  prospect: 'Prospect',
  archived: 'Archived',
};

export const STATUS_TONES: Record<CustomerStatus, Tone> = {
  active: 'success',
  inactive: 'neutral',
  prospect: 'accent',
  archived: 'warning',
};

export const TYPE_LABELS: Record<CustomerType, string> = {
  individual: 'Individual',
  business: 'Business',
};

export const SOURCE_LABELS: Record<string, string> = {
  website: 'Website',
  referral: 'Referral',
  import: 'Import',
  manual: 'Manual',
  api: 'API',
};

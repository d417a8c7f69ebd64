import { Id } from '../common';
import { Reminder, ReminderCreate, ReminderList, ReminderListQuery, ReminderUpdate } from '../reminders';
import { bffRoute } from './bff-define';

// Reminders (src/contract/reminders.ts): every role may set them; each person sees and changes only
// their own (anyone else's is a 404). Each change answers the reminder as it now is.

const WHAT = 'Reminders are';
const NEEDS = ['database', 'live', 'queue'] as const;

export const REMINDER_ROUTES = [
  bffRoute({
    id: 'reminders.list',
    method: 'GET',
    path: '/bff/reminders',
    query: ReminderListQuery,
    response: ReminderList,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'reminders.create',
    method: 'POST',
    path: '/bff/reminders',
    body: ReminderCreate,
    response: Reminder,
    status: 201,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'reminders.update',
    method: 'PUT',
    path: '/bff/reminders/{id}',
    params: { id: Id },
    body: ReminderUpdate,
    response: Reminder,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'reminders.done',
    method: 'POST',
    path: '/bff/reminders/{id}/done',
    params: { id: Id },
    response: Reminder,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'reminders.cancel',
    method: 'POST',
    path: '/bff/reminders/{id}/cancel',
    params: { id: Id },
    response: Reminder,
    needs: NEEDS,
    what: WHAT,
  }),
] as const;

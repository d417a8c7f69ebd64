import { Id } from '../common';
import { Label, LabelCreate, LabelList, LabelUpdate, ThreadLabels, ThreadLabelsChange } from '../labels';
import { SavedView, SavedViewCreate, SavedViewList, SavedViewRemoved, SavedViewUpdate } from '../saved-views';
import { bffRoute } from './bff-define';

// Labels and saved views (src/contract/labels.ts, saved-views.ts): everyone reads the labels and
// puts them on threads; managers and admins keep the list (roles.ts). Everyone keeps views of
// their own; the team's are the managers' and admins' to change (checked per view by the BFF).

const LABELS = 'Labels are';
const VIEWS = 'Saved views are';
const NEEDS = ['database', 'live'] as const;

export const LABEL_ROUTES = [
  bffRoute({
    id: 'labels.list',
    method: 'GET',
    path: '/bff/labels',
    response: LabelList,
    needs: NEEDS,
    what: LABELS,
  }),
  bffRoute({
    id: 'labels.create',
    method: 'POST',
    path: '/bff/labels',
    body: LabelCreate,
    response: Label,
    status: 201,
    needs: NEEDS,
    what: LABELS,
  }),
  bffRoute({
    id: 'labels.update',
    method: 'PUT',
    path: '/bff/labels/{id}',
    params: { id: Id },
    body: LabelUpdate,
    response: Label,
    needs: NEEDS,
    what: LABELS,
  }),
  bffRoute({
    id: 'labels.delete',
    method: 'POST',
    path: '/bff/labels/{id}/delete',
    params: { id: Id },
    response: LabelList,
    needs: NEEDS,
    what: LABELS,
  }),
  bffRoute({
    id: 'conversations.labels',
    method: 'POST',
    path: '/bff/conversations/{id}/labels',
    params: { id: Id },
    body: ThreadLabelsChange,
    response: ThreadLabels,
    needs: NEEDS,
    what: LABELS,
  }),
  bffRoute({
    id: 'views.list',
    method: 'GET',
    path: '/bff/views',
    response: SavedViewList,
    needs: NEEDS,
    what: VIEWS,
  }),
  bffRoute({
    id: 'views.create',
    method: 'POST',
    path: '/bff/views',
    body: SavedViewCreate,
    response: SavedView,
    status: 201,
    needs: NEEDS,
    what: VIEWS,
  }),
  bffRoute({
    id: 'views.update',
    method: 'PUT',
    path: '/bff/views/{id}',
    params: { id: Id },
    body: SavedViewUpdate,
    response: SavedView,
    needs: NEEDS,
    what: VIEWS,
  }),
  bffRoute({
    id: 'views.delete',
    method: 'POST',
    path: '/bff/views/{id}/delete',
    params: { id: Id },
    response: SavedViewRemoved,
    needs: NEEDS,
    what: VIEWS,
  }),
] as const;

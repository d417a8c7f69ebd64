import * as z from 'zod/mini';
import { Id } from '../common';
import {
  IMPORT_BODY_LIMIT,
  ImportCreateEnvelope,
  ImportJob,
  ImportJobList,
  ImportReportQuery,
  RefusedRows,
} from '../import-jobs';
import { bffRoute } from './bff-define';

// CSV import (issue 15; managers and admins: roles.ts): jobs made from a file's mapped rows, kept in
// the BFF's database and run against the CRM with the BFF's key, which needs the live workspace
// (duplicates are found in its tables). A job's rows are checked past the body's schema, a slice
// at a time (src/server/imports).

const WHAT = 'Imports are';
const NEEDS = ['database', 'live', 'queue'] as const;

/** A stop of a running or waiting job: the job as it is then. */
const stop = <const I extends string, const P extends string>(id: I, path: P) =>
  bffRoute({
    id,
    method: 'POST',
    path,
    params: { id: Id },
    response: ImportJob,
    needs: NEEDS,
    what: WHAT,
  });

export const IMPORT_ROUTES = [
  bffRoute({
    id: 'imports.list',
    method: 'GET',
    path: '/bff/imports',
    response: ImportJobList,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'imports.create',
    method: 'POST',
    path: '/bff/imports',
    body: ImportCreateEnvelope,
    response: ImportJob,
    status: 201,
    needs: NEEDS,
    what: WHAT,
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
  bffRoute({
    id: 'imports.get',
    method: 'GET',
    path: '/bff/imports/{id}',
    params: { id: Id },
    response: ImportJob,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'imports.start',
    method: 'POST',
    path: '/bff/imports/{id}/start',
    params: { id: Id },
    response: ImportJob,
    status: 202,
    needs: NEEDS,
    what: WHAT,
  }),
  stop('imports.pause', '/bff/imports/{id}/pause'),
  stop('imports.cancel', '/bff/imports/{id}/cancel'),
  bffRoute({
    id: 'imports.refused',
    method: 'GET',
    path: '/bff/imports/{id}/refused',
    params: { id: Id },
    response: RefusedRows,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'imports.report',
    method: 'GET',
    path: '/bff/imports/{id}/report.csv',
    params: { id: Id },
    query: ImportReportQuery,
    // Every row, its outcome and why, as CSV.
    response: z.string(),
    answer: 'file',
    needs: NEEDS,
    what: WHAT,
  }),
] as const;

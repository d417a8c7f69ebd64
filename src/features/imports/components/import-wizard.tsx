import { useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_KINDS, type DuplicatePolicy, type ImportJob, type ImportKind } from '@/contract/imports';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { createImport } from '@/data/imports';
import { leadStagesQuery } from '@/data/lead-stages';
import { count } from '@/lib/format';
import { guessMapping, mapAndCheck, missingRequired, type ColumnMapping } from '../column-mapping';
import { KIND_WORDS, POLICY_CHOICES, rowsWord } from '../import-words';
import { CsvProblem, decodeFile, ENCODINGS, parseCsv, type Encoding, type ParsedCsv } from '../read-csv';
import { MappingTable, PreviewTable } from './import-mapping';

// Choosing a file, mapping its columns and checking it: every row is checked here against the
// contract (as the BFF will check it again) before the rows go to the BFF as a job that has sent
// nothing yet. A file that cannot be used says why and how to fix it.

interface Loaded extends ParsedCsv {
  readonly fileName: string;
  readonly encoding: Encoding;
}

export function ImportWizard({
  kind,
  onKind,
  onCreated,
}: {
  kind: ImportKind;
  onKind: (kind: ImportKind) => void;
  onCreated: (job: ImportJob) => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const stages = useQuery(leadStagesQuery()).data;
  const ctx = useMemo(() => ({ stages: stages ?? [] }), [stages]);
  const [file, setFile] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<Encoding | ''>('');
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [checking, setChecking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The last file chosen, kept so choosing another encoding reads the same bytes again.
  const source = useRef<{ fileName: string; bytes: ArrayBuffer } | null>(null);

  const read = (fileName: string, bytes: ArrayBuffer, chosen: Encoding | '') => {
    source.current = { fileName, bytes };
    setProblem(null);
    setFailure(null);
    try {
      const decoded = decodeFile(bytes, chosen || undefined);
      const parsed = parseCsv(decoded.text);
      setFile({ ...parsed, fileName, encoding: decoded.encoding });
      setMapping(guessMapping(kind, parsed.headers));
    } catch (error) {
      setFile(null);
      setProblem(error instanceof CsvProblem ? error.message : 'This file could not be read.');
    }
  };

  const missing = file ? missingRequired(kind, mapping) : [];
  const submit = async () => {
    if (!file) return;
    setFailure(null);
    setChecking('Checking rows…');
    try {
      const checked = await mapAndCheck(kind, file.rows, mapping, ctx, (done) =>
        setChecking(`Checking rows… ${count(done)} of ${count(file.rows.length)}`),
      );
      setChecking('Sending the rows to be kept…');
      const job = await createImport(queryClient, {
        kind,
        duplicates: policy,
        fileName: file.fileName,
        rows: checked.rows,
      });
      onCreated(job);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setChecking(null);
    }
  };

  return (
    // Wide enough for the preview's columns on a desktop window; the controls keep their own widths.
    <div className="flex max-w-6xl flex-col gap-5">
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-[13px] font-medium text-muted">What the file holds</legend>
        {IMPORT_KINDS.map((k) => (
          <label key={k} className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${ids}-kind`}
              checked={kind === k}
              onChange={() => {
                onKind(k);
                if (file) setMapping(guessMapping(k, file.headers));
              }}
            />
            {KIND_WORDS[k]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-[13px] font-medium text-muted">
          CSV file
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="text-sm text-fg"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) void chosen.arrayBuffer().then((bytes) => read(chosen.name, bytes, encoding));
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-[13px] font-medium text-muted">
          Encoding
          <Select
            value={encoding}
            onChange={(e) => {
              const next = e.target.value as Encoding | '';
              setEncoding(next);
              if (source.current) read(source.current.fileName, source.current.bytes, next);
            }}
          >
            <option value="">Find out from the file</option>
            {ENCODINGS.map((enc) => (
              <option key={enc.value} value={enc.value}>
                {enc.label}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <FormAlert message={problem} />
      {file ? (
        <>
          <p className="text-sm text-muted">
            {file.fileName}: {rowsWord(file.rows.length)}, {file.headers.length}{' '}
            {file.headers.length === 1 ? 'column' : 'columns'}, read as{' '}
            {ENCODINGS.find((e) => e.value === file.encoding)?.label ?? file.encoding}.
          </p>
          <MappingTable
            kind={kind}
            headers={file.headers}
            rows={file.rows}
            mapping={mapping}
            onChange={setMapping}
          />
          <PreviewTable kind={kind} rows={file.rows} mapping={mapping} ctx={ctx} />
          <fieldset className="flex flex-col gap-1.5 text-sm">
            <legend className="mb-1 text-[13px] font-medium text-muted">
              Rows whose email or phone is already on a {kind === 'leads' ? 'lead' : 'customer or contact'}
            </legend>
            {POLICY_CHOICES.map((c) => (
              <label key={c.value} className="flex items-baseline gap-1.5">
                <input
                  type="radio"
                  name={`${ids}-policy`}
                  checked={policy === c.value}
                  onChange={() => setPolicy(c.value)}
                />
                <span>
                  {c.label} <span className="text-muted">— {c.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {missing.length > 0 ? (
            <p className="text-sm text-danger">Choose a column for: {missing.join(', ')}.</p>
          ) : null}
          <FormAlert message={failure} />
          <div className="flex items-center gap-3">
            <Button
              variant="primary"
              disabled={missing.length > 0 || checking !== null}
              onClick={() => void submit()}
            >
              Check {rowsWord(file.rows.length)}
            </Button>
            {checking ? (
              <span role="status" className="text-sm text-muted">
                {checking}
              </span>
            ) : (
              <span className="text-sm text-muted">
                Nothing is sent to the CRM until you start the import.
              </span>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}

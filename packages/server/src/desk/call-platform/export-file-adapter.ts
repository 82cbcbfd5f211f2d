import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type CallPlatformAdapter, CallPlatformError, type PlatformAgent, type PlatformRow } from './adapter.js';
import { parseCsv } from './csv.js';

/** The largest export read (bytes): a contact centre's agents fit many times over. */
const MAX_EXPORT_BYTES = 20 * 1024 * 1024;

/**
 * A platform whose agents come from an export file or URL, CSV or JSON (docs/call-platform-export.md). JSON is an
 * array of agent objects (or `{agents: [...]}`); CSV has a header row naming the columns. Column names are the
 * fields of PlatformAgent; `id` and `agentId` are also read as `platformAgentId`.
 */
export function exportFileAdapter(platform: string, source: string): CallPlatformAdapter {
  return {
    platform,
    async readAgents() {
      const text = await readSource(source);
      return looksLikeJson(source, text) ? fromJson(text) : fromCsv(text);
    },
  };
}

/** How an error names the export: a URL by its host, a file by its name (the caller needs no server paths). */
function labelOf(source: string): string {
  try {
    return /^https?:\/\//i.test(source) ? new URL(source).host : basename(source);
  } catch {
    return 'export';
  }
}

async function readSource(source: string): Promise<string> {
  const label = labelOf(source);
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new CallPlatformError(`${label}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new CallPlatformError(`${label}: HTTP ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_EXPORT_BYTES) throw new CallPlatformError(`${label}: larger than ${MAX_EXPORT_BYTES} bytes`);
    return text;
  }
  try {
    const bytes = await readFile(source);
    if (bytes.length > MAX_EXPORT_BYTES) throw new CallPlatformError(`${label}: larger than ${MAX_EXPORT_BYTES} bytes`);
    return bytes.toString('utf8');
  } catch (error) {
    if (error instanceof CallPlatformError) throw error;
    throw new CallPlatformError(`${label}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function looksLikeJson(source: string, text: string): boolean {
  if (/\.json$/i.test(source.split('?')[0]!)) return true;
  if (/\.csv$/i.test(source.split('?')[0]!)) return false;
  return /^\s*[[{]/.test(text);
}

const ALIASES: Record<string, keyof PlatformAgent> = {
  platformagentid: 'platformAgentId',
  agentid: 'platformAgentId',
  id: 'platformAgentId',
  workno: 'workNo',
  name: 'name',
  nick: 'nick',
  capacity: 'capacity',
  softnumber: 'softNumber',
  sipnumber: 'sipNumber',
  mobile: 'mobile',
};

function fromJson(text: string): PlatformRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new CallPlatformError(`not JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { agents?: unknown } | null)?.agents;
  if (!Array.isArray(list)) throw new CallPlatformError('JSON export must be an array of agents or {"agents": [...]}');
  return list.map((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return { line: i + 1, platformAgentId: null, error: 'not an object' };
    return toRow(i + 1, Object.entries(item as Record<string, unknown>));
  });
}

function fromCsv(text: string): PlatformRow[] {
  const [header, ...records] = parseCsv(text);
  if (header === undefined) return [];
  const columns = header.fields.map((name) => name.trim());
  if (!columns.some((c) => ALIASES[c.toLowerCase()] === 'platformAgentId'))
    throw new CallPlatformError('CSV export has no platformAgentId (or id / agentId) column');
  return records.map((r) =>
    toRow(
      r.line,
      columns.map((c, i) => [c, r.fields[i] ?? ''] as const),
    ),
  );
}

/** One exported agent: known fields by name (case-insensitive), blanks as null, capacity a whole number. */
function toRow(line: number, entries: readonly (readonly [string, unknown])[]): PlatformRow {
  const values: Partial<Record<keyof PlatformAgent, string>> = {};
  for (const [key, value] of entries) {
    const field = ALIASES[key.toLowerCase()];
    if (field === undefined || value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text !== '' && values[field] === undefined) values[field] = text;
  }
  const platformAgentId = values.platformAgentId ?? null;
  if (platformAgentId === null) return { line, platformAgentId, error: 'platformAgentId is missing' };
  let capacity: number | null = null;
  if (values.capacity !== undefined) {
    capacity = Number(values.capacity);
    if (!Number.isInteger(capacity))
      return { line, platformAgentId, error: `capacity is not a whole number: ${values.capacity}` };
  }
  return {
    line,
    agent: {
      platformAgentId,
      workNo: values.workNo ?? null,
      name: values.name ?? null,
      nick: values.nick ?? null,
      capacity,
      softNumber: values.softNumber ?? null,
      sipNumber: values.sipNumber ?? null,
      mobile: values.mobile ?? null,
    },
  };
}

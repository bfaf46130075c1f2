import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

// Recorded real responses of the live providers (server/research/sources/fixtures/recorded/):
// each `<name>.response.json` holds the status, the headers the recording states and the body
// as the bytes it was found with; `<name>.origin.json` says where it was found, when, whether it
// is a recording or a documentation example, and under which licence. Fakes serve these bytes
// unchanged, so a test sees what the real service sent (or documents).

export const RECORDED_DIRECTORY = new URL('../sources/fixtures/recorded/', import.meta.url);

export interface RecordedResponse {
  name: string;
  request: { method: string; path: string; [detail: string]: string };
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RecordedOrigin {
  provider: string;
  /** A capture of a real answer, or the provider's documentation example (not a recording). */
  kind: 'recording' | 'documentation-example';
  foundIn: string;
  url: string;
  statedDate: string;
  headersRecorded: boolean;
  /** The licence that allows its use here (the repository's, or why none is needed). */
  licence: string;
  notes?: string;
}

export function recorded(name: string): RecordedResponse {
  const file = JSON.parse(readFileSync(new URL(`${name}.response.json`, RECORDED_DIRECTORY), 'utf8'));
  return { name, ...file };
}

export function recordedOrigin(name: string): RecordedOrigin {
  return JSON.parse(readFileSync(new URL(`${name}.origin.json`, RECORDED_DIRECTORY), 'utf8'));
}

/** Every recorded response's name. */
export function recordedNames(): string[] {
  return readdirSync(RECORDED_DIRECTORY)
    .filter((file) => file.endsWith('.response.json'))
    .map((file) => file.slice(0, -'.response.json'.length))
    .sort();
}

/** Answers with the recorded status, headers and body bytes (JSON when the recording names no type). */
export function sendRecorded(res: ServerResponse, response: RecordedResponse): void {
  res
    .writeHead(response.status, { 'content-type': 'application/json', ...response.headers })
    .end(response.body);
}

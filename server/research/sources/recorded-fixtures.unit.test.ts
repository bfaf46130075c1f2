import { describe, expect, it } from 'vitest';
import { recorded, recordedNames, recordedOrigin } from '../testing/recorded';

// Every stored response the fakes serve says where it was found and when, whether it is a
// recording or a documentation example and its licence, holds a JSON body as found, and carries
// no key.

describe('recorded provider responses', () => {
  const names = recordedNames();

  it('are at least 28, each a recording or a documentation example', () => {
    expect(names.length).toBeGreaterThanOrEqual(28);
    const kinds = names.map((name) => recordedOrigin(name).kind);
    expect(new Set(kinds)).toEqual(new Set(['recording', 'documentation-example']));
    // A documentation example is never named like a capture: its name says so.
    for (const name of names)
      expect(recordedOrigin(name).kind === 'documentation-example').toBe(name.endsWith('-example'));
  });

  it.each(names)('%s names its origin, its stated date and what it does not record', (name) => {
    const origin = recordedOrigin(name);
    expect(origin.url).toMatch(/^https:\/\//);
    expect(origin.statedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(origin.foundIn.length).toBeGreaterThan(20);
    if (!origin.headersRecorded) expect(recorded(name).headers).toEqual({});
    // Every answer states a licence that allows its use here: a repository's file names the
    // commit and the repository's licence; a quote from an issue says why none is needed.
    expect(['recording', 'documentation-example']).toContain(origin.kind);
    if (origin.url.includes('/blob/')) {
      expect(origin.url).toMatch(/\/blob\/[0-9a-f]{40}\//);
      expect(origin.licence).toMatch(/^(MIT|Apache-2\.0|LGPL-3\.0|AGPL-3\.0) \(/);
    } else {
      expect(origin.licence).toMatch(/^No licence needed for what is kept: .+ machine-generated/);
    }
  });

  it.each(names)('%s is a JSON body with a status, and no key', (name) => {
    const response = recorded(name);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(() => JSON.parse(response.body)).not.toThrow();
    expect(JSON.stringify(response)).not.toMatch(
      /apiKey=|Bearer |x-cg-(pro|demo)-api-key|sk-[A-Za-z0-9]{8}/i,
    );
  });
});

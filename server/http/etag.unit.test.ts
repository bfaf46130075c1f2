import { describe, expect, it } from 'vitest';
import { etagMatches } from './etag';

describe('conditional GET', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    [undefined, false],
  ])('If-None-Match %s matches: %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});

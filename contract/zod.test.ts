import { describe, expect, it } from 'vitest';
import { requiredField, z } from './zod';

// The validation library's default messages are part of the product.
const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation error');
  return result.error.issues[0]!.message;
};

describe('default validation messages (spec §5)', () => {
  it("'Required' for a missing value", () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('Required');
  });

  it("'Expected {type}, received {type}' for a value of the wrong type", () => {
    expect(messageOf(z.string(), 12)).toBe('Expected string, received number');
    expect(messageOf(z.number(), 'x')).toBe('Expected number, received string');
    expect(messageOf(z.boolean(), null)).toBe('Expected boolean, received null');
    expect(messageOf(z.object({}), [])).toBe('Expected object, received array');
    expect(messageOf(z.number().int(), 1.5)).toBe('Expected integer, received float');
  });

  it("'Invalid email' for a malformed address", () => {
    expect(messageOf(z.email(), 'not-an-address')).toBe('Invalid email');
    expect(messageOf(z.string().email(), 'a@b')).toBe('Invalid email');
  });

  it("'String must contain at least N character(s)' for a short string", () => {
    expect(messageOf(z.string().min(3), 'ab')).toBe('String must contain at least 3 character(s)');
    expect(messageOf(z.string().max(2), 'abc')).toBe('String must contain at most 2 character(s)');
    expect(messageOf(z.string().length(4), 'abc')).toBe('String must contain exactly 4 character(s)');
  });

  it('numbers, arrays and enums keep the same family of wording', () => {
    expect(messageOf(z.number().min(1), 0)).toBe('Number must be greater than or equal to 1');
    expect(messageOf(z.number().positive(), 0)).toBe('Number must be greater than 0');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Array must contain at least 1 element(s)');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe("Invalid enum value. Expected 'a' | 'b', received 'c'");
  });

  it('a message set by the schema wins over the default', () => {
    expect(messageOf(z.string().min(1, 'Asset name is required'), '')).toBe('Asset name is required');
  });

  it('requiredField gives the spec message for a missing or null value only', () => {
    const schema = z.object({ asset_name: z.string(requiredField('Asset name is required')) });
    expect(messageOf(schema, {})).toBe('Asset name is required');
    expect(messageOf(schema, { asset_name: null })).toBe('Asset name is required');
    expect(messageOf(schema, { asset_name: 7 })).toBe('Expected string, received number');
  });
});

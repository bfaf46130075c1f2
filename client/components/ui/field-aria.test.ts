import { describe, expect, it } from 'vitest';
import { fieldAria } from './input';

describe('fieldAria', () => {
  it('points a screen reader at the hint and, once the field is invalid, at its error', () => {
    expect(fieldAria('email', { invalid: false })).toEqual({
      'aria-invalid': false,
      'aria-describedby': undefined,
    });
    expect(fieldAria('email', { invalid: true })).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'email-error',
    });
    expect(fieldAria('username', { invalid: false, hint: true })).toEqual({
      'aria-invalid': false,
      'aria-describedby': 'username-hint',
    });
    expect(fieldAria('username', { invalid: true, hint: true })['aria-describedby']).toBe(
      'username-hint username-error',
    );
  });
});

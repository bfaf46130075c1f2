import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from './auth';
import { PASSWORD_RULES } from './auth-messages';

describe('the password checklist', () => {
  it('ticks every rule exactly when the schema accepts the password', () => {
    const samples = [
      'password',
      'Password',
      'Password1',
      'Password1!',
      'PASSWORD1!',
      'pass1!',
      'Sturdy#Pass1',
      '',
    ];
    for (const sample of samples) {
      const allMet = PASSWORD_RULES.every((rule) => rule.met(sample));
      expect(newPasswordSchema.safeParse(sample).success, sample).toBe(allMet);
    }
  });
});

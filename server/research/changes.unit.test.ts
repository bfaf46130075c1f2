import { describe, expect, it } from 'vitest';
import { compareFacts } from './changes';

describe('compareFacts', () => {
  it('pairs a fact whose wording stayed around a new figure as changed', () => {
    expect(
      compareFacts(
        ['Market capitalisation is $1.00 billion.', 'It ranks number 40 by market capitalisation.'],
        [
          'Market capitalisation is $2.50 billion.',
          'At the same price the full maximum supply would be worth $3.00 billion.',
        ],
      ),
    ).toEqual({
      changed: [
        {
          before: 'Market capitalisation is $1.00 billion.',
          after: 'Market capitalisation is $2.50 billion.',
        },
      ],
      appeared: ['At the same price the full maximum supply would be worth $3.00 billion.'],
      disappeared: ['It ranks number 40 by market capitalisation.'],
    });
  });

  it('leaves identical facts out, and does not pair facts on a short common start', () => {
    expect(compareFacts(['Audited.', 'It is 5 years old.'], ['Audited.', 'It is 6 years old.'])).toEqual({
      changed: [],
      appeared: ['It is 6 years old.'],
      disappeared: ['It is 5 years old.'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { FINANCIAL_DISCLAIMER } from '../../contract/constants';
import {
  type EmailBrand,
  passwordResetEmail,
  type RenderedEmail,
  receiptEmail,
  reportReadyEmail,
  researchFailedEmail,
} from './messages';

const brand: EmailBrand = {
  appName: 'Crow Research',
  baseUrl: 'https://research.example',
  supportEmail: 'support@research.example',
};

const all: [string, RenderedEmail][] = [
  ['reset', passwordResetEmail(brand, { username: 'ada', token: 'tok_123', validMinutes: 60 })],
  [
    'receipt',
    receiptEmail(brand, {
      username: 'ada',
      purchaseId: 7,
      what: 'New research report: Bitcoin',
      amountUsd: '4.99',
      method: 'Card',
      paidAt: new Date('2026-11-22T08:30:00Z'),
      reportId: 12,
    }),
  ],
  ['ready', reportReadyEmail(brand, { username: 'ada', assetName: 'Bitcoin', reportId: 12 })],
  [
    'failed',
    researchFailedEmail(brand, { username: 'ada', assetName: 'Bitcoin', reportId: 12, amountUsd: '4.99' }),
  ],
];

describe('email texts', () => {
  it.each(all)('%s has a plain-text part, an HTML part and the disclaimer', (_name, mail) => {
    expect(mail.text).toContain(FINANCIAL_DISCLAIMER);
    expect(mail.html).toContain(FINANCIAL_DISCLAIMER);
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('a receipt says what, amount, method, date and link', () => {
    const text = all[1]![1].text;
    expect(text).toContain('Item: New research report: Bitcoin');
    expect(text).toContain('Amount: $4.99 USD');
    expect(text).toContain('Payment method: Card');
    expect(text).toContain('Date: 2026-11-22 08:30 UTC');
    expect(text).toContain('https://research.example/report/12');
  });

  it('"report ready" names the asset in the subject and links the report', () => {
    expect(all[2]![1].subject).toBe('Your Bitcoin report is ready');
    expect(all[2]![1].text).toContain('https://research.example/report/12');
  });

  it('the failure notice says what happens next', () => {
    expect(all[3]![1].text).toContain('will either run the research again or refund your payment of $4.99');
  });

  it('escapes a customer-typed asset name in HTML and keeps the subject on one line', () => {
    const mail = reportReadyEmail(brand, {
      username: 'ada',
      assetName: '<img src=x>\r\nBcc: x',
      reportId: 1,
    });
    expect(mail.html).not.toContain('<img src=x>');
    expect(mail.html).toContain('&#60;img src=x&#62;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('puts the token into the reset link, URL-encoded', () => {
    expect(all[0]![1].text).toContain('https://research.example/reset-password?token=tok_123');
  });
});

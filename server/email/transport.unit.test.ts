import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { developmentOutboxAllowed, emailBrand, mailTransportKind } from './transport';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', RESEARCH_DATA: 'live' };

describe('mail transport', () => {
  it('keeps mail in the development outbox with zero configuration', () => {
    const config = loadConfig({});
    expect(mailTransportKind(config)).toBe('outbox');
    expect(developmentOutboxAllowed(config)).toBe(true);
  });

  it('sends over SMTP when SMTP_URL is set, in any environment', () => {
    expect(mailTransportKind(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe('smtp');
    expect(mailTransportKind(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.example:465' }))).toBe(
      'smtp',
    );
  });

  it('never uses the outbox in production: without SMTP_URL no mail is sent', () => {
    const config = loadConfig(production);
    expect(mailTransportKind(config)).toBe('none');
    expect(developmentOutboxAllowed(config)).toBe(false);
  });

  it('names SMTP_URL when it is not an SMTP address', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example' })).toThrow(
      /SMTP_URL="https:\/\/mail.example"/,
    );
  });

  it('links to PUBLIC_URL, never to a request host', () => {
    expect(emailBrand(loadConfig({ PUBLIC_URL: 'https://research.example/' })).baseUrl).toBe(
      'https://research.example',
    );
    expect(emailBrand(loadConfig({ PORT: '5188' })).baseUrl).toBe('http://localhost:5188');
  });
});

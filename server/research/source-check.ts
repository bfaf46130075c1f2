import type { Source } from '../../contract/reports';

// What makes a source citable: a specific document a reader can open (not a homepage, an
// organisation's page or only a dataset's name), with a date (its publication, or the commit
// date of the dataset that carried it, or the moment a live source answered).

/** Hosts where the first path segment is only an account or organisation. */
const ACCOUNT_HOSTS = new Set(['github.com', 'x.com', 'twitter.com', 'medium.com', 't.me', 'www.github.com']);

/** Why a source fails the check, or null when it is a specific, dated document. */
export function sourceProblem(source: Source): string | null {
  if (!source.url) return 'no document, only a dataset name';
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return 'not a URL';
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length === 0 && !url.hash) return 'a bare domain or homepage';
  if (ACCOUNT_HOSTS.has(url.hostname) && segments.length === 1) return 'an organisation or account page';
  const dated = Boolean(source.publishedAt) || Boolean(source.dataset?.version && !source.live);
  if (!dated && !source.live) return 'undated';
  return null;
}

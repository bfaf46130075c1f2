import { z } from 'zod';
import type { DeveloperFacts, Fact, SourceGap } from '../evidence';
import { TtlCache } from './cache';
import { fetchJson, HttpStatusError } from './http';
import { type RateLimiter, type RateWindow, sharedLimiter } from './limiter';

// Developer activity from GitHub's REST API, for the repository CoinGecko lists (CoinGecko
// stopped sending its own developer data in August 2026). Three calls: the repository,
// commits since four weeks ago and contributors, the last two counted from the pagination
// link with one item per page. A link to an organisation (or a user: GitHub answers 404 on the
// organisation endpoint for those) picks its most-starred repository among the 20 most
// recently pushed. Keyless works (60 calls an hour); a token raises that to 5,000: a limiter
// shared by all reports keeps to it. A repository too large for GitHub to list contributors
// (403) keeps its commit count; an empty repository (409 for commits, 204 for contributors)
// has none.

export const GITHUB_DEFAULT_BASE_URL = 'https://api.github.com';

export interface GitHubOptions {
  baseUrl?: string | undefined;
  token?: string | undefined;
  timeoutMs?: number;
  retries?: number;
  cacheTtlMs?: number;
  now?: () => Date;
  /** GitHub's limits for the token in use (the configuration passes githubLimits). */
  limits?: RateWindow[];
  /** Replaces the shared limiter (tests). */
  limiter?: RateLimiter;
}

/** GitHub's REST limits: 60 calls an hour without a token, 5,000 with one. */
export const githubLimits = (token: string | undefined): RateWindow[] => [
  { calls: token ? 5_000 : 60, perMs: 3_600_000 },
];

export interface DeveloperResult {
  developer?: Fact<DeveloperFacts>;
  gap?: SourceGap;
}

const repoSchema = z.object({
  full_name: z.string(),
  html_url: z.string(),
  stargazers_count: z.number(),
  archived: z.boolean().nullish(),
  pushed_at: z.string().nullish(),
});
const orgReposSchema = z.array(repoSchema);
const listSchema = z.array(z.unknown());

/** owner/repo, or owner alone, from a GitHub link (anything else: undefined). */
export function parseGitHubLink(link: string): { owner: string; repo?: string } | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (!/^(www\.)?github\.com$/i.test(url.hostname)) return undefined;
  const [owner, repo] = url.pathname.split('/').filter(Boolean);
  if (!owner) return undefined;
  return repo ? { owner, repo: repo.replace(/\.git$/, '') } : { owner };
}

/** Items in a list fetched one per page: the last page number, or the items on the only page. */
export function countFromLink(link: string | null, itemsOnPage: number): number {
  const last = link?.split(',').find((part) => /rel="last"/.test(part));
  const page = last?.match(/[?&]page=(\d+)/)?.[1];
  return page ? Number(page) : itemsOnPage;
}

export class GitHubSource {
  private readonly baseUrl: string;
  private readonly cache: TtlCache<DeveloperResult>;
  private readonly limiter: RateLimiter | undefined;

  constructor(private readonly options: GitHubOptions = {}) {
    this.baseUrl = (options.baseUrl ?? GITHUB_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.cache = new TtlCache(options.cacheTtlMs ?? 6 * 60 * 60_000);
    this.limiter =
      options.limiter ??
      (options.limits
        ? sharedLimiter(`github:${this.baseUrl}`, { source: 'GitHub', windows: options.limits })
        : undefined);
  }

  private get<T>(
    path: string,
    schema: z.ZodType<T>,
    onHeaders?: (headers: Headers) => void,
    noContent?: { answer: T },
  ) {
    return fetchJson(`${this.baseUrl}${path}`, schema, {
      ...(noContent ? { noContent: noContent.answer } : {}),
      source: 'GitHub',
      timeoutMs: this.options.timeoutMs ?? 10_000,
      retries: this.options.retries ?? 1,
      limiter: this.limiter,
      noRetryStatuses: [403, 404, 409],
      headers: {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      },
      ...(onHeaders ? { onHeaders } : {}),
    });
  }

  /** Activity of the first GitHub repository listed, or the gap saying why it is missing. Never throws. */
  async developer(repoLinks: readonly string[]): Promise<DeveloperResult> {
    const target = repoLinks.map(parseGitHubLink).find(Boolean);
    if (!target) return {};
    const key = `${target.owner}/${target.repo ?? ''}`.toLowerCase();
    try {
      return await this.cache.get(key, async () => ({
        developer: await this.read(target.owner, target.repo),
      }));
    } catch (error) {
      return {
        gap: {
          source: 'GitHub',
          facts: ['developer'],
          reason: error instanceof Error ? error.message : String(error),
        },
      };
    }
  }

  private async read(owner: string, repoName: string | undefined): Promise<Fact<DeveloperFacts>> {
    const repo = repoName
      ? await this.get(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repoName)}`, repoSchema)
      : await this.mostStarred(owner);
    const path = `/repos/${repo.full_name.split('/').map(encodeURIComponent).join('/')}`;
    const since = new Date((this.options.now?.() ?? new Date()).getTime() - 28 * 86_400_000).toISOString();
    let commitLink: string | null = null;
    let contributorLink: string | null = null;
    const [commits, contributors] = await Promise.all([
      this.get(`${path}/commits?since=${encodeURIComponent(since)}&per_page=1`, listSchema, (h) => {
        commitLink = h.get('link');
      }).catch((error: unknown) => {
        // 409 "Git Repository is empty.": a repository without commits has none in 4 weeks.
        if (error instanceof HttpStatusError && error.status === 409) return [];
        throw error;
      }),
      // An empty repository's contributors: 204 No Content, none.
      this.get(
        `${path}/contributors?per_page=1&anon=false`,
        listSchema,
        (h) => {
          contributorLink = h.get('link');
        },
        { answer: [] },
      ).catch((error: unknown) => {
        // 403 "The history or contributor list is too large to list contributors for this
        // repository via the API.": the count is unknown (and large); the commits still count.
        if (error instanceof HttpStatusError && error.status === 403 && /too large/i.test(error.bodyText))
          return undefined;
        if (error instanceof HttpStatusError && error.status === 409) return [];
        throw error;
      }),
    ]);
    const contributorCount = contributors ? countFromLink(contributorLink, contributors.length) : undefined;
    return {
      value: {
        commits4Weeks: countFromLink(commitLink, commits.length),
        // GitHub lists contributors by the first 500 author emails linked to accounts (anonymous
        // ones left out with anon=false): the count is a lower bound.
        ...(contributorCount === undefined
          ? { contributorsTooManyToList: true }
          : {
              contributors: contributorCount,
              ...(contributorCount > 0 ? { contributorsAtLeast: true } : {}),
            }),
        stars: repo.stargazers_count,
        repoUrl: repo.html_url,
      },
      source: {
        title: `GitHub repository activity: ${repo.full_name}`,
        url: repo.html_url,
        retrievedAt: new Date().toISOString(),
        live: true,
      },
    };
  }

  private async mostStarred(owner: string) {
    const query = 'sort=pushed&direction=desc&per_page=20';
    const repos = await this.get(`/orgs/${encodeURIComponent(owner)}/repos?${query}`, orgReposSchema).catch(
      (error: unknown) => {
        // A user's account is not an organisation: GitHub answers 404 there; its repositories
        // are under /users.
        if (error instanceof HttpStatusError && error.status === 404)
          return this.get(
            `/users/${encodeURIComponent(owner)}/repos?${query.replace('direction=desc&', 'direction=desc&type=owner&')}`,
            orgReposSchema,
          );
        throw error;
      },
    );
    const best = repos.filter((r) => !r.archived).sort((a, b) => b.stargazers_count - a.stargazers_count)[0];
    if (!best) throw new Error(`GitHub: ${owner} has no active public repository`);
    return best;
  }
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scoreSocial } from '../scoring';
import { type FakeHttp, sendJson, startFakeHttp } from '../testing/fake-http';
import { recorded, sendRecorded } from '../testing/recorded';
import { countFromLink, GitHubSource, parseGitHubLink } from './github';
import { RateLimiter } from './limiter';

// A GitHub REST API fake on 127.0.0.1: repository, org repositories, and commits/contributors
// lists paginated with Link headers, as api.github.com answers.

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

const repo = (name: string, stars: number, archived = false) => ({
  id: stars,
  name,
  full_name: `aave/${name}`,
  html_url: `https://github.com/aave/${name}`,
  stargazers_count: stars,
  archived,
  pushed_at: '2026-11-20T10:00:00Z',
});
const linkTo = (path: string, last: number) =>
  `<https://api.github.com/repositories/1/${path}?per_page=1&page=2>; rel="next", <https://api.github.com/repositories/1/${path}?per_page=1&page=${last}>; rel="last"`;

function github(commitsLast: number | null) {
  fake.handler = (req, res) => {
    const url = new URL(req.url!, fake.base);
    if (url.pathname === '/orgs/aave/repos')
      return sendJson(res, 200, [repo('interface', 300), repo('aave-v3-core', 900), repo('old', 5000, true)]);
    if (url.pathname === '/repos/aave/aave-v3-core') return sendJson(res, 200, repo('aave-v3-core', 900));
    if (url.pathname === '/repos/aave/aave-v3-core/commits') {
      if (commitsLast === null) return sendJson(res, 200, []);
      return sendJson(res, 200, [{ sha: 'abc' }], { link: linkTo('commits', commitsLast) });
    }
    if (url.pathname === '/repos/aave/aave-v3-core/contributors')
      return sendJson(res, 200, [{ login: 'dev', contributions: 10 }], { link: linkTo('contributors', 61) });
    return sendJson(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  };
}

describe('GitHub developer activity', () => {
  it('counts commits in four weeks and contributors from the pagination links', async () => {
    github(42);
    const source = new GitHubSource({
      baseUrl: fake.base,
      token: 'ghp_test',
      retries: 0,
      now: () => new Date('2026-11-22T00:00:00Z'),
    });
    const result = await source.developer(['https://github.com/aave/aave-v3-core']);
    expect(result.developer?.value).toEqual({
      commits4Weeks: 42,
      contributors: 61,
      contributorsAtLeast: true,
      stars: 900,
      repoUrl: 'https://github.com/aave/aave-v3-core',
    });
    expect(result.developer?.source.url).toBe('https://github.com/aave/aave-v3-core');
    const commits = fake.seen.find((s) => s.url.includes('/commits'))!;
    expect(commits.url).toContain(`since=${encodeURIComponent('2026-10-25T00:00:00.000Z')}`);
    expect(commits.headers.authorization).toBe('Bearer ghp_test');
  });

  it('picks the most-starred active repository of an organisation link, and counts zero commits', async () => {
    github(null);
    const result = await new GitHubSource({ baseUrl: fake.base, retries: 0 }).developer([
      'https://github.com/aave',
    ]);
    expect(result.developer?.value).toMatchObject({
      commits4Weeks: 0,
      contributors: 61,
      repoUrl: 'https://github.com/aave/aave-v3-core',
    });
    expect(fake.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('records a gap when GitHub refuses (rate limit), and does nothing without a GitHub link', async () => {
    fake.handler = (_req, res) =>
      sendJson(res, 403, {
        message: 'API rate limit exceeded',
        documentation_url: 'https://docs.github.com/rest',
      });
    const source = new GitHubSource({ baseUrl: fake.base, retries: 0 });
    const result = await source.developer(['https://github.com/aave/aave-v3-core']);
    expect(result.developer).toBeUndefined();
    expect(result.gap).toEqual({
      source: 'GitHub',
      facts: ['developer'],
      reason: 'GitHub: HTTP 403 (API rate limit exceeded)',
    });
    expect(await source.developer(['https://gitlab.com/x/y'])).toEqual({});
  });

  it('keeps the commit count when GitHub refuses the contributor list as too large (recorded 403)', async () => {
    const tooLarge = recorded('github-contributors-403-too-large');
    github(42);
    const routes = fake.handler;
    fake.handler = (req, res, body) =>
      new URL(req.url!, fake.base).pathname.endsWith('/contributors')
        ? sendRecorded(res, tooLarge)
        : routes(req, res, body);
    const result = await new GitHubSource({ baseUrl: fake.base, retries: 2 }).developer([
      'https://github.com/aave/aave-v3-core',
    ]);
    expect(result.gap).toBeUndefined();
    expect(result.developer?.value).toEqual({
      commits4Weeks: 42,
      contributorsTooManyToList: true,
      stars: 900,
      repoUrl: 'https://github.com/aave/aave-v3-core',
    });
    // A 403 is an answer, not a failure to retry.
    expect(fake.seen.filter((s) => s.url.includes('/contributors'))).toHaveLength(1);
  });

  it('reads a user’s (not an organisation’s) repositories from the users endpoint', async () => {
    github(3);
    const routes = fake.handler;
    fake.handler = (req, res, body) => {
      const url = new URL(req.url!, fake.base);
      if (url.pathname === '/orgs/aave/repos')
        return sendJson(res, 404, {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest',
        });
      if (url.pathname === '/users/aave/repos') return sendJson(res, 200, [repo('aave-v3-core', 900)]);
      return routes(req, res, body);
    };
    const result = await new GitHubSource({ baseUrl: fake.base, retries: 0 }).developer([
      'https://github.com/aave',
    ]);
    expect(result.developer?.value.commits4Weeks).toBe(3);
    expect(fake.seen.map((s) => new URL(s.url, fake.base).pathname).slice(0, 2)).toEqual([
      '/orgs/aave/repos',
      '/users/aave/repos',
    ]);
  });

  it('counts no commits and no contributors for an empty repository (409)', async () => {
    fake.handler = (req, res) => {
      const url = new URL(req.url!, fake.base);
      if (url.pathname === '/repos/aave/empty') return sendJson(res, 200, repo('empty', 1));
      return sendJson(res, 409, {
        message: 'Git Repository is empty.',
        documentation_url: 'https://docs.github.com/rest',
      });
    };
    const result = await new GitHubSource({ baseUrl: fake.base, retries: 2 }).developer([
      'https://github.com/aave/empty',
    ]);
    expect(result.developer?.value).toMatchObject({ commits4Weeks: 0, contributors: 0 });
    expect(fake.seen).toHaveLength(3);
  });

  it('counts no contributors when GitHub answers 204 No Content for an empty repository', async () => {
    fake.handler = (req, res) => {
      const url = new URL(req.url!, fake.base);
      if (url.pathname === '/repos/aave/empty') return sendJson(res, 200, repo('empty', 1));
      if (url.pathname === '/repos/aave/empty/contributors') return res.writeHead(204).end();
      return sendRecorded(res, recorded('github-commits-409-empty'));
    };
    const result = await new GitHubSource({ baseUrl: fake.base, retries: 0 }).developer([
      'https://github.com/aave/empty',
    ]);
    expect(result.gap).toBeUndefined();
    expect(result.developer?.value).toEqual({
      commits4Weeks: 0,
      contributors: 0,
      stars: 1,
      repoUrl: 'https://github.com/aave/empty',
    });
  });

  it('states the contributor count as a lower bound in the report', async () => {
    github(42);
    const result = await new GitHubSource({ baseUrl: fake.base, retries: 0 }).developer([
      'https://github.com/aave/aave-v3-core',
    ]);
    const { facts } = scoreSocial({ developer: result.developer! });
    expect(facts).toContain(
      '42 commits in the last 4 weeks by a project with at least 61 contributors (https://github.com/aave/aave-v3-core).',
    );
  });

  it('keeps to GitHub’s hourly limit with a limiter shared by reports, refusing with the reason', async () => {
    github(1);
    const limiter = new RateLimiter({ source: 'GitHub', windows: [{ calls: 3, perMs: 3_600_000 }] });
    const first = await new GitHubSource({ baseUrl: fake.base, retries: 0, limiter }).developer([
      'https://github.com/aave/aave-v3-core',
    ]);
    expect(first.developer).toBeDefined();
    const second = await new GitHubSource({ baseUrl: fake.base, retries: 0, limiter }).developer([
      'https://github.com/aave/aave-v3-core',
    ]);
    expect(second.gap?.reason).toMatch(/GitHub: its limit of 3 calls an hour is used up/);
    expect(fake.seen).toHaveLength(3);
  });

  it('reads links and counts', () => {
    expect(parseGitHubLink('https://github.com/bitcoin/bitcoin.git')).toEqual({
      owner: 'bitcoin',
      repo: 'bitcoin',
    });
    expect(parseGitHubLink('https://github.com/aave/')).toEqual({ owner: 'aave' });
    expect(parseGitHubLink('https://example.com/aave')).toBeUndefined();
    expect(countFromLink(null, 1)).toBe(1);
    expect(countFromLink(linkTo('commits', 57), 1)).toBe(57);
  });
});

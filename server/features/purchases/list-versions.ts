import type { ChangeFeed } from '../../db/change-feed';

/** What a process remembers of one user's lists: enough to answer an unchanged poll with 304. */
export interface UserListVersion {
  /** Entity tag of the user's GET /api/my-reports body. */
  myReportsEtag: string;
  /** Reports the user owns (completed purchases): the "owned" marks on the public list. */
  owned: ReadonlySet<number>;
}

export interface PublicListVersion<T> {
  items: T[];
  etag: string;
}

/**
 * Per-user and public list versions, kept in memory and invalidated by the change feed:
 * a purchase change drops its user's version; a report change drops the public list and the
 * versions of every user whose list shows that report. Nothing is remembered or answered
 * while the feed is not listening, and everything is dropped when it resets.
 */
export class ListVersions<T> {
  private readonly users = new Map<number, UserListVersion>();
  /** Report id -> users whose remembered list shows it. */
  private readonly usersByReport = new Map<number, Set<number>>();
  private publicList: PublicListVersion<T> | undefined;
  /** Bumped by every invalidation: a list read before a change must not be remembered after it. */
  private epoch = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxUsers = 100_000,
  ) {
    feed.onChange((change) => {
      if (change.kind === 'purchase') this.dropUser(change.userId);
      else if (change.kind === 'report') this.dropReport(change.reportId);
    });
    feed.onReset(() => this.clear());
  }

  /** Call before reading a list from the database; pass the result to `remember*`. */
  begin(): number {
    return this.epoch;
  }

  user(userId: number): UserListVersion | undefined {
    return this.feed.healthy ? this.users.get(userId) : undefined;
  }

  rememberUser(epoch: number, userId: number, version: UserListVersion, reportIds: Iterable<number>): void {
    if (!this.feed.healthy || epoch !== this.epoch) return;
    if (!this.users.has(userId) && this.users.size >= this.maxUsers) this.clear();
    this.users.set(userId, version);
    for (const reportId of reportIds) {
      let holders = this.usersByReport.get(reportId);
      if (!holders) {
        holders = new Set();
        this.usersByReport.set(reportId, holders);
      }
      holders.add(userId);
    }
  }

  publicVersion(): PublicListVersion<T> | undefined {
    return this.feed.healthy ? this.publicList : undefined;
  }

  rememberPublic(epoch: number, version: PublicListVersion<T>): void {
    if (this.feed.healthy && epoch === this.epoch) this.publicList = version;
  }

  get size(): number {
    return this.users.size;
  }

  private dropUser(userId: number): void {
    this.epoch += 1;
    // Stale report->user links are harmless (they only drop a version early) and go with clear().
    this.users.delete(userId);
  }

  private dropReport(reportId: number): void {
    this.epoch += 1;
    this.publicList = undefined;
    const holders = this.usersByReport.get(reportId);
    if (!holders) return;
    for (const userId of holders) this.users.delete(userId);
    this.usersByReport.delete(reportId);
  }

  private clear(): void {
    this.epoch += 1;
    this.users.clear();
    this.usersByReport.clear();
    this.publicList = undefined;
  }
}

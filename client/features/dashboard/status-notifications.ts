import { useEffect } from 'react';
import type { MyReportItem } from '../../../contract/reports';
import { toast } from '../../components/ui/toast';

// The dashboard tells the user when a purchase appears and when its research starts or
// completes. What was already seen is kept per user in sessionStorage, so a toast fires once per
// change even across navigations (checkout -> dashboard) and reloads, and never for the first
// list a user sees.

type Snapshot = Record<string, string>;

const storageKey = (userId: number) => `crow.dashboard.seen.${userId}`;

function readSnapshot(userId: number): Snapshot | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(userId));
    return raw ? (JSON.parse(raw) as Snapshot) : null;
  } catch {
    return null;
  }
}

function writeSnapshot(userId: number, snapshot: Snapshot) {
  try {
    window.sessionStorage.setItem(storageKey(userId), JSON.stringify(snapshot));
  } catch {
    // Storage full or disabled: notifications then only cover this page view.
  }
}

export interface StatusChange {
  kind: 'purchased' | 'started' | 'completed';
  item: MyReportItem;
}

/** The changes between what was seen and the new list (pure, for clarity and testing). */
export function statusChanges(previous: Snapshot, items: MyReportItem[]): StatusChange[] {
  const changes: StatusChange[] = [];
  for (const item of items) {
    const key = String(item.id);
    const before = previous[key];
    const now = item.report_status ?? 'pending';
    if (before === undefined) changes.push({ kind: 'purchased', item });
    if (before !== now && before !== 'completed') {
      if (now === 'completed' && before !== undefined) changes.push({ kind: 'completed', item });
      if (now === 'processing') changes.push({ kind: 'started', item });
    }
  }
  return changes;
}

const assetOf = (item: MyReportItem) => item.asset_name || `Report #${item.reportId}`;

export function useStatusNotifications(
  userId: number | undefined,
  items: MyReportItem[] | undefined,
  onCompleted: () => void,
) {
  useEffect(() => {
    if (!userId || !items) return;
    const previous = readSnapshot(userId);
    const next: Snapshot = Object.fromEntries(
      items.map((item) => [String(item.id), item.report_status ?? 'pending']),
    );
    writeSnapshot(userId, next);
    if (!previous) return;
    const changes = statusChanges(previous, items);
    // One toast shows at a time: the most important change is shown last so it stays.
    const order = { started: 0, purchased: 1, completed: 2 } as const;
    changes.sort((a, b) => order[a.kind] - order[b.kind]);
    for (const change of changes) {
      const asset = assetOf(change.item);
      if (change.kind === 'purchased') {
        toast({
          title: 'Payment Confirmed! ✅',
          description: `Your ${asset} report purchase has been initiated and will complete shortly.`,
          duration: 4_000,
        });
      } else if (change.kind === 'started') {
        toast({ title: 'Research Started', description: `Analysis of ${asset} has begun.`, duration: 3_000 });
      } else {
        toast({
          title: 'Research Complete! 🎉',
          description: `Your ${asset} research report is now ready to view.`,
          duration: 5_000,
        });
      }
    }
    if (changes.some((change) => change.kind === 'completed')) onCompleted();
  }, [userId, items, onCompleted]);
}

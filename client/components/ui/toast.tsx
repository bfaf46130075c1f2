import { lazy, Suspense, useSyncExternalStore } from 'react';

// One toast at a time, default and destructive variants, 5 s by default, swipe
// right (threshold 50) to dismiss, F8 focuses the area; top on small screens, bottom-right on large.

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds; 5000 when not given. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

const TOAST_LIMIT = 1;
const REMOVE_DELAY_MS = 1_000_000;

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

export function dismiss(id: number) {
  publish(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  setTimeout(() => publish(entries.filter((entry) => entry.id !== id)), REMOVE_DELAY_MS);
}

/** Shows a toast; callable from anywhere (event handlers, query callbacks). */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  publish([{ ...options, id, open: true }, ...entries].slice(0, TOAST_LIMIT));
  return id;
}

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToasts = () => entries;

// The toast view (Radix) loads with the first toast, keeping it out of every page's first load.
const ToastView = lazy(() => import('./toast-view').then((m) => ({ default: m.ToastView })));

export function Toaster() {
  const current = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  if (current.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}

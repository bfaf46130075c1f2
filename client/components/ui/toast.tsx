import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { TIMINGS_MS } from '../../../contract/constants';
import { cn } from '../../lib/cn';

// Spec §2/§9: one toast at a time, default and destructive variants, 5 s by default, swipe
// right (threshold 50) to dismiss, F8 focuses the area; top on small screens, bottom-right on large.

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds; 5000 when not given. */
  duration?: number;
}

interface ToastEntry extends ToastOptions {
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

function dismiss(id: number) {
  publish(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  setTimeout(() => publish(entries.filter((entry) => entry.id !== id)), REMOVE_DELAY_MS);
}

/** Shows a toast; callable from anywhere (event handlers, query callbacks). */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  publish([{ ...options, id, open: true }, ...entries].slice(0, TOAST_LIMIT));
  return id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50} duration={TIMINGS_MS.toastDefault}>
      {current.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          open={entry.open}
          duration={entry.duration ?? TIMINGS_MS.toastDefault}
          onOpenChange={(open) => !open && dismiss(entry.id)}
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={entry.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            entry.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-fg'
              : 'border-border bg-card text-fg',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{entry.title}</ToastPrimitive.Title>
            {entry.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {entry.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X size={16} aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}

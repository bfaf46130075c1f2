import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { TIMINGS_MS } from '../../../contract/constants';
import { cn } from '../../lib/cn';
import { currentToasts, dismiss, subscribe } from './toast';

/** The visible toasts; loaded by Toaster when the first toast is shown. */
export function ToastView() {
  const current = useSyncExternalStore(subscribe, currentToasts, currentToasts);
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

import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <Loader2 className="animate-spin" size={20} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Replaces the whole screen while something every page needs is loading. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading" className="text-primary" />
    </div>
  );
}

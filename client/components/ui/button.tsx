import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  primary: 'bg-primary text-primary-fg hover:opacity-90',
  secondary: 'bg-subtle text-fg border border-border hover:bg-border/40',
  ghost: 'text-fg hover:bg-subtle',
  destructive: 'bg-destructive text-destructive-fg hover:opacity-90',
  link: 'text-primary underline-offset-4 hover:underline px-0',
} as const;

// Every size is at least 44 × 44 px, a fingertip's target on a phone (WCAG 2.5.5).
const SIZES = {
  sm: 'min-h-11 min-w-11 px-3 text-sm',
  md: 'min-h-11 min-w-11 px-4',
  lg: 'min-h-12 min-w-12 px-6 text-lg',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (a link, say) with button styles. */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition disabled:cursor-not-allowed disabled:opacity-50',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}

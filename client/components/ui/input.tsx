import {
  forwardRef,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
} from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { cn } from '../../lib/cn';

const FIELD =
  'w-full rounded-md border border-border bg-card px-3 py-2 text-fg placeholder:text-muted disabled:opacity-60 read-only:bg-subtle';

// forwardRef, not React 19's ref-as-prop: the browser build runs on Preact's compatibility layer,
// which passes a ref on only through forwardRef (react-hook-form registers fields by ref).
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(FIELD, 'h-11', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={cn(FIELD, 'min-h-24', className)} {...props} />;
  },
);

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn('block text-sm font-medium', className)} {...props} />;
}

/**
 * A field's screen-reader wiring: whether it is invalid, and the ids of its hint and error
 * (`FieldHint` and `FieldError` take `<id>-hint` and `<id>-error`).
 */
export function fieldAria(id: string, { invalid, hint = false }: { invalid: boolean; hint?: boolean }) {
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid, 'aria-describedby': describedBy || undefined };
}

/** A form field's error, announced to screen readers. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-destructive">
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-muted">
      {children}
    </p>
  );
}

/**
 * A form's refusal shown under its submit button (`root.server`) goes as soon as any field is
 * edited, as a field's own error does (decision 0261).
 */
export function useClearRootErrorOnEdit<T extends FieldValues>(form: UseFormReturn<T>) {
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      // An edit by the person has an event type ('input' under Preact, 'change' under React);
      // a reset or setValue has none.
      if (type && form.formState.errors.root?.server) form.clearErrors('root.server');
    });
    return () => subscription.unsubscribe();
  }, [form]);
}

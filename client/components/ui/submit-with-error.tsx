import { Button, type ButtonProps } from './button';
import { FieldError } from './input';

/**
 * A form's submit button with the form's refusal under it (an error about no single field), which
 * the button points at for screen readers (decision 0261).
 */
export function SubmitWithError({
  errorId,
  error,
  ...props
}: Omit<ButtonProps, 'type' | 'asChild'> & { errorId: string; error: string | undefined }) {
  return (
    <>
      <Button type="submit" aria-describedby={error ? errorId : undefined} {...props} />
      <FieldError id={errorId} message={error} />
    </>
  );
}

import { type FieldErrors, type Path, type UseFormReturn, useFormState } from 'react-hook-form';
import { PASSWORD_HINT } from '../../contract/auth-messages';
import { FieldError, FieldHint, fieldAria, Label } from './ui/input';
import { PasswordInput } from './ui/password-input';

// The new password and its confirmation, as registration, the password reset and the account
// page ask for them: same ids, hint, error messages and screen-reader wiring everywhere.

/** The two fields a form with new-password fields has (the contract's schemas check them). */
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

const LABELS = {
  /** Registration: the account's first password. */
  first: { password: 'Password', confirmPassword: 'Confirm password' },
  /** Reset and change: a password that replaces the current one. */
  replacement: { password: 'New password', confirmPassword: 'Confirm new password' },
} as const;

export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  kind,
}: {
  form: UseFormReturn<T>;
  kind: keyof typeof LABELS;
}) {
  // T has both fields (the constraint above); react-hook-form cannot narrow a generic path itself.
  const errors = useFormState({ control: form.control }).errors as FieldErrors<NewPasswordValues>;
  const labels = LABELS[kind];
  const field = (name: keyof NewPasswordValues, hint?: string) => (
    <div>
      <Label htmlFor={name}>{labels[name]}</Label>
      <PasswordInput
        id={name}
        autoComplete="new-password"
        {...fieldAria(name, { invalid: Boolean(errors[name]), hint: hint !== undefined })}
        {...form.register(name as Path<T>)}
      />
      {hint !== undefined && <FieldHint id={`${name}-hint`}>{hint}</FieldHint>}
      <FieldError id={`${name}-error`} message={errors[name]?.message} />
    </div>
  );

  return (
    <>
      {field('password', PASSWORD_HINT)}
      {field('confirmPassword')}
    </>
  );
}

import { Check, Circle } from 'lucide-react';
import { type FieldErrors, type Path, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { PASSWORD_HINT, PASSWORD_RULES } from '../../contract/auth-messages';
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
  const typed = String(useWatch({ control: form.control, name: 'password' as Path<T> }) ?? '');
  const field = (name: keyof NewPasswordValues, hint?: string) => (
    <div>
      <Label htmlFor={name}>{labels[name]}</Label>
      <PasswordInput
        id={name}
        autoComplete="new-password"
        {...fieldAria(name, { invalid: Boolean(errors[name]), hint: hint !== undefined })}
        {...form.register(name as Path<T>)}
      />
      {hint !== undefined && name === 'password' ? (
        <PasswordChecklist id={`${name}-hint`} value={typed} summary={hint} />
      ) : (
        hint !== undefined && <FieldHint id={`${name}-hint`}>{hint}</FieldHint>
      )}
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

/** The password rules, each ticked as soon as what is typed meets it (never one failed submit at a time). */
function PasswordChecklist({ id, value, summary }: { id: string; value: string; summary: string }) {
  return (
    <div id={id} className="mt-1 text-xs">
      <p className="sr-only">{summary}</p>
      <ul className="grid gap-0.5 sm:grid-cols-2" data-testid="password-rules">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.met(value);
          return (
            <li
              key={rule.key}
              data-met={met}
              className={`flex items-center gap-1.5 ${met ? 'text-success' : 'text-muted'}`}
            >
              {met ? <Check size={14} aria-hidden /> : <Circle size={14} aria-hidden />}
              {rule.label}
              <span className="sr-only">{met ? ' (met)' : ' (not yet)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { RegisterRequest } from '../../../contract/auth';
import { AUTH_MESSAGES, USERNAME_HINT } from '../../../contract/auth-messages';
import { PAGES } from '../../../contract/pages';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Card, CardDescription } from '../../components/ui/card';
import {
  FieldError,
  FieldHint,
  fieldAria,
  Input,
  Label,
  useClearRootErrorOnEdit,
} from '../../components/ui/input';
import { PageMeta } from '../../components/ui/page-meta';
import { SubmitWithError } from '../../components/ui/submit-with-error';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { useRegister } from './api';

export function RegisterPage() {
  const register = useRegister();
  const [, navigate] = useLocation();
  const form = useForm<RegisterRequest>({
    resolver: lazyZodResolver(() => import('../../../contract/auth').then((m) => m.registerRequestSchema)),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  // A "taken" answer from the server goes once the person edits that field.
  const clearServerError = (field: 'username' | 'email') => () => {
    if (form.getFieldState(field).error?.type === 'server') form.clearErrors(field);
  };

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Account created successfully' });
        navigate('/dashboard');
      },
      // A taken name or email goes under its field; anything else under the button.
      onError: (error) => {
        const message = errorMessage(error, 'Registration failed');
        const field =
          message === AUTH_MESSAGES.usernameTaken
            ? 'username'
            : message === AUTH_MESSAGES.emailTaken
              ? 'email'
              : 'root.server';
        form.setError(field, { type: 'server', message });
      },
    }),
  );
  // An error under the button goes at the next edit of any field, as on every form (decision 0261).
  useClearRootErrorOnEdit(form);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <PageMeta meta={PAGES.register.meta} />
      <Card>
        <h1 className="text-2xl font-bold">Create Account</h1>
        <CardDescription className="mt-1">
          Register to buy sourced research reports on crypto assets.
        </CardDescription>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
          <div>
            <Label htmlFor="username">Username</Label>
            <Input
              id="username"
              autoComplete="username"
              {...fieldAria('username', { invalid: Boolean(errors.username), hint: true })}
              {...form.register('username', { onChange: clearServerError('username') })}
            />
            <FieldHint id="username-hint">{USERNAME_HINT}</FieldHint>
            <FieldError id="username-error" message={errors.username?.message} />
          </div>
          <div>
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              {...fieldAria('email', { invalid: Boolean(errors.email) })}
              {...form.register('email', { onChange: clearServerError('email') })}
            />
            <FieldError id="email-error" message={errors.email?.message} />
          </div>
          <NewPasswordFields form={form} kind="first" />
          <SubmitWithError
            className="w-full"
            disabled={register.isPending}
            errorId="register-error"
            error={errors.root?.server?.message}
          >
            {register.isPending ? 'Creating Account...' : 'Create Account'}
          </SubmitWithError>
        </form>
        <p className="mt-6 text-center text-sm text-muted">
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-primary underline">
            Sign in
          </Link>
        </p>
      </Card>
    </div>
  );
}

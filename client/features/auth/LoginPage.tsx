import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { LoginRequest } from '../../../contract/auth';
import { PAGES } from '../../../contract/pages';
import { Button } from '../../components/ui/button';
import { Card, CardDescription } from '../../components/ui/card';
import { FieldError, fieldAria, Input, Label } from '../../components/ui/input';
import { PageMeta } from '../../components/ui/page-meta';
import { PasswordInput } from '../../components/ui/password-input';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { useLogin } from './api';

export function LoginPage() {
  const login = useLogin();
  const form = useForm<LoginRequest>({
    resolver: lazyZodResolver(() => import('../../../contract/auth').then((m) => m.loginRequestSchema)),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  // The server's "Invalid email or password" goes once the person edits either field.
  const clearServerError = () => {
    if (form.getFieldState('password').error?.type === 'server') form.clearErrors('password');
  };

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Logged in successfully' });
        // A full navigation, so every screen starts from the signed-in state.
        window.location.assign('/dashboard');
      },
      // Under the password, where the eye is; typing again clears it.
      onError: (error) =>
        form.setError('password', { type: 'server', message: errorMessage(error, 'Login failed') }),
    }),
  );

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <PageMeta meta={PAGES.login.meta} />
      <Card>
        <h1 className="text-2xl font-bold">Welcome Back</h1>
        <CardDescription className="mt-1">Sign in to access your crypto research reports.</CardDescription>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
          <div>
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              {...fieldAria('email', { invalid: Boolean(errors.email) })}
              {...form.register('email', { onChange: clearServerError })}
            />
            <FieldError id="email-error" message={errors.email?.message} />
          </div>
          <div>
            <div className="flex items-baseline justify-between">
              <Label htmlFor="password">Password</Label>
              <Link
                href="/forgot-password"
                // py-0.5 makes the tap target 24 px tall (WCAG 2.5.8; it sits right above the input).
                className="inline-block py-0.5 text-sm font-medium text-primary underline"
              >
                Forgot password?
              </Link>
            </div>
            <PasswordInput
              id="password"
              autoComplete="current-password"
              {...fieldAria('password', { invalid: Boolean(errors.password) })}
              {...form.register('password', { onChange: clearServerError })}
            />
            <FieldError id="password-error" message={errors.password?.message} />
          </div>
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted">
          Don't have an account?{' '}
          <Link href="/register" className="font-medium text-primary underline">
            Sign up
          </Link>
        </p>
      </Card>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type ForgotPasswordRequest, forgotPasswordRequestSchema } from '../../../contract/account';
import { PAGES } from '../../../contract/pages';
import { Button } from '../../components/ui/button';
import { Card, CardDescription } from '../../components/ui/card';
import { FieldError, fieldAria, Input, Label } from '../../components/ui/input';
import { PageMeta } from '../../components/ui/page-meta';
import { errorMessage } from '../../lib/api';
import { requestPasswordReset } from './api';

export function ForgotPasswordPage() {
  const request = useMutation({
    mutationFn: requestPasswordReset,
  });
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <PageMeta meta={PAGES.forgotPassword.meta} />
      <Card>
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        <CardDescription className="mt-1">
          Enter the email of your account and we will send you a link to choose a new password.
        </CardDescription>
        {request.isSuccess ? (
          <p role="status" className="mt-6 rounded-md border border-success/40 bg-success/10 p-4 text-sm">
            {request.data.message}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <div>
              <Label htmlFor="email">Email</Label>
              <Input
                id="email"
                type="email"
                autoComplete="email"
                {...fieldAria('email', { invalid: Boolean(errors.email) })}
                {...form.register('email')}
              />
              <FieldError id="email-error" message={errors.email?.message} />
            </div>
            {request.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(request.error, 'The request could not be sent. Please try again.')}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
        <p className="mt-6 text-center text-sm text-muted">
          Remembered it?{' '}
          <Link href="/login" className="font-medium text-primary underline">
            Sign in
          </Link>
        </p>
      </Card>
    </div>
  );
}

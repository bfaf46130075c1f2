import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { type NewPasswordForm, newPasswordFormSchema } from '../../../contract/account';
import { PAGES } from '../../../contract/pages';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Button } from '../../components/ui/button';
import { Card, CardDescription } from '../../components/ui/card';
import { PageMeta } from '../../components/ui/page-meta';
import { errorMessage } from '../../lib/api';
import { setCurrentUser } from '../../lib/auth';
import { resetPassword } from './api';

export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useMutation({
    mutationFn: (body: NewPasswordForm) => resetPassword(token, body),
    // Every session of the account has ended, this browser's included.
    onSuccess: () => setCurrentUser(null),
  });
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit((values) => reset.mutate(values));

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <PageMeta meta={PAGES.resetPassword.meta} />
      <Card>
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        {reset.isSuccess ? (
          <>
            <p role="status" className="mt-6 rounded-md border border-success/40 bg-success/10 p-4 text-sm">
              {reset.data.message}
            </p>
            <Button asChild className="mt-6 w-full">
              <Link href="/login">Sign in</Link>
            </Button>
          </>
        ) : !token ? (
          <p role="alert" className="mt-6 text-sm text-destructive">
            This page needs the link from the reset email.{' '}
            <Link href="/forgot-password" className="font-medium text-primary underline">
              Request a new link
            </Link>
            .
          </p>
        ) : (
          <>
            <CardDescription className="mt-1">
              Setting a new password signs you out on every device.
            </CardDescription>
            <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
              <NewPasswordFields form={form} kind="replacement" />
              {reset.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(reset.error, 'The password could not be changed. Please try again.')}{' '}
                  <Link href="/forgot-password" className="font-medium text-primary underline">
                    Request a new link
                  </Link>
                </p>
              )}
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? 'Saving...' : 'Set new password'}
              </Button>
            </form>
          </>
        )}
      </Card>
    </div>
  );
}

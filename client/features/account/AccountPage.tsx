import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  ACCOUNT_MESSAGES,
  type ChangePasswordRequest,
  changePasswordRequestSchema,
  type DeleteAccountRequest,
  deleteAccountRequestSchema,
} from '../../../contract/account';
import { PAGES } from '../../../contract/pages';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { FieldError, fieldAria, Label, useClearRootErrorOnEdit } from '../../components/ui/input';
import { Page } from '../../components/ui/page';
import { PasswordInput } from '../../components/ui/password-input';
import { SubmitWithError } from '../../components/ui/submit-with-error';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { setCurrentUser, useCurrentUser } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';
import { formatDateTime } from '../../lib/report-format';
import { ApiKeysCard } from './ApiKeysCard';
import {
  ACCOUNT_EXPORT_URL,
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  sessionsQuery,
} from './api';
import { InvoicesCard } from './InvoicesCard';
import { WatchlistCard } from './WatchlistCard';
import { WebhooksCard } from './WebhooksCard';

const showError = (error: unknown, fallback: string) =>
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });

export function AccountPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Page meta={PAGES.account.meta} title="Your account">
      <div className="space-y-6">
        <Card>
          <CardTitle>Profile</CardTitle>
          <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted">Username</dt>
            <dd>{user.username}</dd>
            <dt className="text-muted">Email</dt>
            <dd>{user.email}</dd>
            <dt className="text-muted">Member since</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
          </dl>
        </Card>
        <ChangePasswordCard />
        <SessionsCard />
        <WatchlistCard />
        <ApiKeysCard />
        <WebhooksCard />
        <InvoicesCard />
        <Card>
          <CardTitle>Download your data</CardTitle>
          <CardDescription className="mt-1">
            A JSON file with your profile, sessions, purchases, payments and bug reports.
          </CardDescription>
          <Button asChild variant="secondary" className="mt-4">
            <a href={ACCOUNT_EXPORT_URL} download>
              <Download size={18} aria-hidden />
              Download my data
            </a>
          </Button>
        </Card>
        <DeleteAccountCard isAdmin={user.isAdmin} />
      </div>
    </Page>
  );
}

function ChangePasswordCard() {
  const change = useMutation({
    mutationFn: changePassword,
  });
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: 'Password changed', description: message });
        form.reset();
        queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      },
      // A wrong current password goes under it, a new one equal to it under the new one, anything
      // else under the button; editing the field clears it (decision 0261).
      onError: (error) => {
        const message = errorMessage(error, 'The password could not be changed');
        const field =
          message === ACCOUNT_MESSAGES.currentPasswordWrong
            ? 'currentPassword'
            : message === ACCOUNT_MESSAGES.samePassword
              ? 'password'
              : 'root.server';
        form.setError(field, { type: 'server', message });
      },
    }),
  );
  useClearRootErrorOnEdit(form);

  return (
    <Card>
      <CardTitle>Change password</CardTitle>
      <CardDescription className="mt-1">
        Your other sessions are signed out when you change it.
      </CardDescription>
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4">
        <div>
          <Label htmlFor="currentPassword">Current password</Label>
          <PasswordInput
            id="currentPassword"
            autoComplete="current-password"
            {...fieldAria('currentPassword', { invalid: Boolean(errors.currentPassword) })}
            {...form.register('currentPassword')}
          />
          <FieldError id="currentPassword-error" message={errors.currentPassword?.message} />
        </div>
        <NewPasswordFields form={form} kind="replacement" />
        <SubmitWithError
          disabled={change.isPending}
          errorId="change-password-error"
          error={errors.root?.server?.message}
        >
          {change.isPending ? 'Saving...' : 'Change password'}
        </SubmitWithError>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const sessions = useQuery(sessionsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  const endOne = useMutation({
    mutationFn: endSession,
    onSuccess: () => {
      toast({ title: 'Session ended', description: 'That session has been signed out.' });
      refresh();
    },
    onError: (error) => {
      showError(error, 'The session could not be ended');
      refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ ended }) => {
      toast({
        title: 'Sessions ended',
        description: ended === 1 ? '1 other session signed out.' : `${ended} other sessions signed out.`,
      });
      refresh();
    },
    onError: (error) => showError(error, 'The sessions could not be ended'),
  });
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Card>
      <CardTitle>Active sessions</CardTitle>
      <CardDescription className="mt-1">
        Where your account is signed in. End any session you do not recognise, then change your password.
      </CardDescription>
      {sessions.isLoading ? (
        <p className="mt-4 text-sm text-muted">Loading sessions...</p>
      ) : sessions.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          The sessions could not be loaded.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-label="Sessions">
          {list.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="text-sm">
                <p className="font-medium">
                  {session.browser}{' '}
                  {session.current && (
                    <Badge tone="success" className="ml-1">
                      This browser
                    </Badge>
                  )}
                </p>
                <p className="text-muted">
                  Signed in {formatDateTime(session.createdAt)} · Last seen{' '}
                  {formatDateTime(session.lastSeenAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(session.id)}
                  aria-label={`Sign out ${session.browser}, signed in ${formatDateTime(session.createdAt)}`}
                >
                  <LogOut size={16} aria-hidden />
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Sign out all other sessions
        </Button>
      )}
    </Card>
  );
}

function DeleteAccountCard({ isAdmin }: { isAdmin: boolean }) {
  const remove = useMutation({
    mutationFn: deleteAccount,
  });
  const form = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    remove.mutate(values, {
      onSuccess: ({ message }) => {
        queryClient.clear();
        setCurrentUser(null);
        toast({ title: 'Account deleted', description: message });
        window.location.assign('/');
      },
      // A wrong password goes under it; any other refusal under the button.
      onError: (error) => {
        const message = errorMessage(error, 'The account could not be deleted');
        form.setError(message === ACCOUNT_MESSAGES.passwordWrongForDelete ? 'password' : 'root.server', {
          type: 'server',
          message,
        });
      },
    }),
  );
  useClearRootErrorOnEdit(form);

  return (
    <Card className="border-destructive/40">
      <CardTitle>Delete account</CardTitle>
      {isAdmin ? (
        <CardDescription className="mt-1">
          The admin account cannot be deleted here. Create another admin first, then remove this one from the
          database.
        </CardDescription>
      ) : (
        <>
          <CardDescription className="mt-1">
            Your sessions end and your username and email are removed. Records of your purchases and payments
            are kept without your name or email, as accounting law requires. This cannot be undone.
          </CardDescription>
          <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4">
            <div>
              <Label htmlFor="deletePassword">Password</Label>
              <PasswordInput
                id="deletePassword"
                autoComplete="current-password"
                {...fieldAria('deletePassword', { invalid: Boolean(errors.password) })}
                {...form.register('password')}
              />
              <FieldError id="deletePassword-error" message={errors.password?.message} />
            </div>
            <SubmitWithError
              variant="destructive"
              disabled={remove.isPending}
              errorId="delete-account-error"
              error={errors.root?.server?.message}
            >
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </SubmitWithError>
          </form>
        </>
      )}
    </Card>
  );
}

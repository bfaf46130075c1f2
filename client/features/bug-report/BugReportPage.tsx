import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  BUG_CATEGORIES,
  BUG_CATEGORY_LABELS,
  BUG_FIELD_LIMITS,
  BUG_MESSAGES,
  type BugReportForm,
  type BugReportRequest,
  bugReportRequestSchema,
} from '../../../contract/bug-reports';
import { TIMINGS_MS } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  FieldError,
  FieldHint,
  fieldAria,
  Input,
  Label,
  Textarea,
  useClearRootErrorOnEdit,
} from '../../components/ui/input';
import { Page } from '../../components/ui/page';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { useSiteConfig } from '../../lib/site-config';
import { submitBugReport } from './api';

type FieldName = keyof typeof BUG_FIELD_LIMITS | 'category';

/** What the browser says about itself; the reporter may edit it before sending. */
function detectEnvironment(): { browser: string; device: string } {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string; mobile?: boolean } };
  const platform = nav.userAgentData?.platform || navigator.platform || 'Unknown platform';
  const kind =
    (nav.userAgentData?.mobile ?? /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent))
      ? 'mobile'
      : 'desktop';
  const screenSize = `${window.screen.width}x${window.screen.height}`;
  return {
    browser: navigator.userAgent.slice(0, BUG_FIELD_LIMITS.browser),
    device: `${platform}, ${kind}, screen ${screenSize}`.slice(0, BUG_FIELD_LIMITS.device),
  };
}

function emptyForm(email: string): BugReportForm {
  return {
    name: '',
    email,
    category: '',
    title: '',
    description: '',
    steps: '',
    expected: '',
    actual: '',
    ...detectEnvironment(),
  };
}

const SELECT = 'h-11 w-full rounded-md border border-border bg-card px-3 py-2 text-fg disabled:opacity-60';

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <fieldset aria-labelledby={id} className="space-y-4 rounded-lg border border-border p-4 sm:p-5">
      <legend id={id} className="px-1 text-lg font-semibold">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

export function BugReportPage() {
  const { user } = useCurrentUser();
  const { supportEmail } = useSiteConfig();
  const [, navigate] = useLocation();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const form = useForm<BugReportForm, unknown, BugReportRequest>({
    resolver: zodResolver(bugReportRequestSchema),
    defaultValues: emptyForm(user?.email ?? ''),
  });
  const { errors } = form.formState;

  const submit = useMutation({
    mutationFn: submitBugReport,
  });
  const sent = submit.isSuccess;

  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        toast({ title: BUG_MESSAGES.submitted, description: BUG_MESSAGES.submittedDescription });
        form.reset(emptyForm(user?.email ?? ''));
        redirectTimer.current = window.setTimeout(() => navigate('/dashboard'), TIMINGS_MS.bugReportRedirect);
      },
      // Under the submit button, where the eye is; the form keeps everything the reporter wrote,
      // so a retry is one click. Editing any field clears it.
      onError: (error) =>
        form.setError('root.server', {
          type: 'server',
          message: `${BUG_MESSAGES.submitFailed}: ${errorMessage(error, BUG_MESSAGES.submitFailedDescription)}`,
        }),
    }),
  );
  useClearRootErrorOnEdit(form);

  const field = (name: FieldName) => ({
    id: name,
    ...fieldAria(name, { invalid: Boolean(errors[name]), hint: name === 'browser' || name === 'device' }),
    ...form.register(name),
  });

  return (
    <Page meta={PAGES.bugReport.meta} title="Report a Bug">
      <p className="-mt-3 mb-6 text-muted">
        Something not working as it should? Tell us what happened and we will look into it.
      </p>
      <Card className="p-4 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Bug report">
          <Section title="Contact Information" id="section-contact">
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <Label htmlFor="name">Name *</Label>
                <Input
                  autoComplete="name"
                  maxLength={BUG_FIELD_LIMITS.name}
                  aria-required
                  {...field('name')}
                />
                <FieldError id="name-error" message={errors.name?.message} />
              </div>
              <div>
                <Label htmlFor="email">Email *</Label>
                <Input
                  type="email"
                  autoComplete="email"
                  maxLength={BUG_FIELD_LIMITS.email}
                  aria-required
                  {...field('email')}
                />
                <FieldError id="email-error" message={errors.email?.message} />
              </div>
            </div>
          </Section>

          <Section title="Bug Details" id="section-details">
            <div>
              <Label htmlFor="category">Category</Label>
              <select className={SELECT} {...field('category')}>
                <option value="">Select a category</option>
                {BUG_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {BUG_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </select>
              <FieldError id="category-error" message={errors.category?.message} />
            </div>
            <div>
              <Label htmlFor="title">Title *</Label>
              <Input
                maxLength={BUG_FIELD_LIMITS.title}
                placeholder="A short summary of the problem"
                aria-required
                {...field('title')}
              />
              <FieldError id="title-error" message={errors.title?.message} />
            </div>
            <div>
              <Label htmlFor="description">Description *</Label>
              <Textarea
                rows={5}
                maxLength={BUG_FIELD_LIMITS.description}
                placeholder="What went wrong?"
                aria-required
                {...field('description')}
              />
              <FieldError id="description-error" message={errors.description?.message} />
            </div>
          </Section>

          <Section title="Reproduction Details" id="section-reproduction">
            <div>
              <Label htmlFor="steps">Steps to reproduce</Label>
              <Textarea
                rows={4}
                maxLength={BUG_FIELD_LIMITS.steps}
                placeholder={'1. Go to...\n2. Click on...\n3. See the problem'}
                {...field('steps')}
              />
              <FieldError id="steps-error" message={errors.steps?.message} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <Label htmlFor="expected">Expected behaviour</Label>
                <Textarea rows={3} maxLength={BUG_FIELD_LIMITS.expected} {...field('expected')} />
                <FieldError id="expected-error" message={errors.expected?.message} />
              </div>
              <div>
                <Label htmlFor="actual">Actual behaviour</Label>
                <Textarea rows={3} maxLength={BUG_FIELD_LIMITS.actual} {...field('actual')} />
                <FieldError id="actual-error" message={errors.actual?.message} />
              </div>
            </div>
          </Section>

          <Section title="Environment Information" id="section-environment">
            <div>
              <Label htmlFor="browser">Browser</Label>
              <Input maxLength={BUG_FIELD_LIMITS.browser} {...field('browser')} />
              <FieldHint id="browser-hint">Filled in from your browser; edit it if it is wrong.</FieldHint>
              <FieldError id="browser-error" message={errors.browser?.message} />
            </div>
            <div>
              <Label htmlFor="device">Device</Label>
              <Input maxLength={BUG_FIELD_LIMITS.device} {...field('device')} />
              <FieldHint id="device-hint">Operating system, device type and screen size.</FieldHint>
              <FieldError id="device-error" message={errors.device?.message} />
            </div>
          </Section>

          <p className="rounded-md border border-border bg-subtle p-4 text-sm">
            For urgent issues, contact us directly at{' '}
            <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline">
              {supportEmail}
            </a>
            .
          </p>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => navigate('/dashboard')}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={submit.isPending || sent}
              aria-describedby={errors.root?.server ? 'bug-report-error' : undefined}
            >
              {submit.isPending ? 'Submitting...' : 'Submit Bug Report'}
            </Button>
          </div>
          <FieldError id="bug-report-error" message={errors.root?.server?.message} />
        </form>
      </Card>
    </Page>
  );
}

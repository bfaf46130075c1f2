import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PageMeta as Meta } from '../../../contract/pages';
import { PageMeta } from '../../components/ui/page-meta';

/** The frame of every legal page: back-to-home header, one h1, readable line length. */
export function LegalLayout({
  meta,
  title,
  intro,
  children,
}: {
  meta: Meta;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <PageMeta meta={meta} />
      <div className="mb-6 border-b border-border pb-4">
        <Link
          href="/"
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft size={16} aria-hidden />
          Back to Home
        </Link>
      </div>
      <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{title}</h1>
      {intro && <div className="mt-2 text-muted">{intro}</div>}
      <div className="mt-8 space-y-8 leading-relaxed">{children}</div>
    </div>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  const id = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl font-semibold break-words">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold">{children}</h3>;
}

export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1 pl-6">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text that never reorders
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export function MailLink({ email, subject }: { email: string; subject?: string }) {
  const href = subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
  return (
    <a href={href} className="font-medium text-primary underline break-all">
      {email}
    </a>
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * '2026-11-01' as 'November 1, 2026', whatever the visitor's time zone. Written out rather than
 * with toLocaleDateString: a browser's first Intl date format sets up ICU, about 20 ms of main
 * thread on a phone while the page hydrates (Lighthouse's blocking time).
 */
export function formatPolicyDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

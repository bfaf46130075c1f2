import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { PAGES } from '../../../contract/pages';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { outboxQuery } from './api';

/** The sandbox's development outbox: emails kept in the database instead of being sent. */
export function OutboxPage() {
  const outbox = useQuery({ ...outboxQuery, refetchInterval: 3_000 });
  return (
    <Page meta={PAGES.devOutbox.meta} title="Development outbox">
      <div
        className="mb-6 flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-4 text-sm"
        data-testid="sandbox-notice"
      >
        <FlaskConical size={20} aria-hidden className="shrink-0 text-warning" />
        <div>
          <p className="font-semibold">Sandbox: no email is sent.</p>
          <p className="mt-1">
            Without a mail server (SMTP_URL), messages are kept here so every flow can be tried. This page
            does not exist in production.
          </p>
        </div>
      </div>
      {outbox.isLoading ? (
        <p className="text-sm text-muted">Loading messages...</p>
      ) : outbox.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(outbox.error, 'The outbox could not be loaded.')}
        </p>
      ) : outbox.data?.messages.length === 0 ? (
        <p className="text-sm text-muted">No messages yet.</p>
      ) : (
        <ul className="space-y-4" aria-label="Messages">
          {outbox.data?.messages.map((message) => (
            <li key={message.id}>
              <Card>
                <article aria-labelledby={`message-${message.id}`}>
                  <h2 id={`message-${message.id}`} className="text-lg font-semibold">
                    {message.subject}
                  </h2>
                  <p className="text-sm text-muted">
                    To {message.to} · {new Date(message.createdAt).toLocaleString()}
                  </p>
                  <pre className="mt-4 whitespace-pre-wrap break-words font-sans text-sm">
                    <Linkified text={message.text} />
                  </pre>
                </article>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/** The plain-text part with its links clickable (only links to this site). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}-${part.length}`;
        if (!/^https?:\/\//.test(part)) return <span key={key}>{part}</span>;
        const url = new URL(part);
        const href = url.origin === window.location.origin ? `${url.pathname}${url.search}` : part;
        return (
          <a key={key} href={href} className="text-primary underline">
            {part}
          </a>
        );
      })}
    </>
  );
}

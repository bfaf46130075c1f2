import { useContext, useEffect } from 'react';
import { PAGES } from '../../../contract/pages';
import { Page } from '../../components/ui/page';
import { StaticHtml } from '../../components/ui/static-html';
import { ServerPageHtmlContext } from '../../lib/server-page-html';

// The track record (server/features/track-record/page.ts writes its body from stored figures):
// the server renders it inside the App, the browser keeps that HTML while hydrating. Reached by
// client-side navigation, where there is no server HTML, the page is loaded as a document.

function ServerBody() {
  const html = useContext(ServerPageHtmlContext);
  useEffect(() => {
    if (html === null) window.location.assign(window.location.href);
  }, [html]);
  if (html === null) return <p className="text-muted">Loading the track record…</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own page body, escaped where it writes data
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}

export function TrackRecordPage() {
  return (
    <Page meta={PAGES.trackRecord.meta} title="Track record" wide>
      <StaticHtml>
        <ServerBody />
      </StaticHtml>
    </Page>
  );
}

import { type ReactNode, useState } from 'react';

// Hydration walks every element the server sent; for a page that is mostly text (the
// documentation: about 450 elements) that walk is most of its main-thread time on a phone.
// Content wrapped in StaticHtml is kept exactly as the server rendered it while the
// page hydrates: Preact leaves an element with dangerouslySetInnerHTML alone during hydration.
// Anywhere else (client-side navigation, later renders) the children render as usual. Only for
// content without event handlers or state: nothing inside is ever hydrated.

let hydrating = false;

/** Runs the page's hydration with StaticHtml content kept as the server sent it. */
export function hydrateKeepingStaticHtml(hydrate: () => void) {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** The same object on every render, so Preact never rewrites the kept HTML. */
const KEEP_SERVER_HTML = { __html: '' };

export function StaticHtml({ children }: { children: ReactNode }) {
  // Decided once: content kept at hydration stays kept (it is static by contract).
  const [keep] = useState(hydrating);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant; it only tells Preact to keep the server's HTML
  if (keep) return <div dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
  return <div>{children}</div>;
}

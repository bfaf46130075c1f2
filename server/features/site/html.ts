import { INITIAL_STATE_ELEMENT_ID, type InitialState } from '../../../contract/initial-state';
import { type PageMeta, SOCIAL_IMAGE } from '../../../contract/pages';

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The page's head tags (title, description, keywords, social tags, canonical, JSON-LD). */
export function renderHeadTags(
  meta: PageMeta,
  canonicalUrl: string,
  origin: string,
  appName: string,
): string {
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: meta.title,
    description: meta.description,
    url: canonicalUrl,
    isPartOf: {
      '@type': 'WebSite',
      name: appName,
      url: origin,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${origin}/search?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  };
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta name="keywords" content="${escapeHtml(meta.keywords)}">`,
    `<meta name="robots" content="${meta.noindex ? 'noindex, nofollow' : 'index, follow'}">`,
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(appName)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonicalUrl)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="${SOCIAL_IMAGE.width}">`,
    `<meta property="og:image:height" content="${SOCIAL_IMAGE.height}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<script type="application/ld+json" data-page-jsonld>${JSON.stringify(jsonLd).replaceAll('<', '\\u003c')}</script>`,
  ];
  return tags.join('\n    ');
}

/** The session and settings as a JSON data block (not a script: no CSP allowance needed). */
export function renderInitialState(state: InitialState): string {
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">${json}</script>`;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The page template with its built stylesheets inlined as <style>: a linked stylesheet
 * blocks the first paint for one more round trip, and ours is small (about 5 kB compressed), so
 * it travels inside the compressed HTML instead. The CSP already allows inline styles
 * (`style-src 'unsafe-inline'`, for Radix). A stylesheet that cannot be read stays linked.
 */
export function inlineStylesheets(template: string, readAsset: (file: string) => string | undefined): string {
  return template.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = readAsset(file);
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}

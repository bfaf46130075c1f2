import { useEffect } from 'react';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, type PageMeta as Meta } from '../../../contract/pages';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  // Hydration finds the server's tags already right: unchanged values are not written again.
  if (element.content !== content) element.content = content;
}

function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  if (link.href !== href) link.href = href;
}

/**
 * Sets the page's title, description, keywords, robots, social tags, canonical URL and JSON-LD.
 * The server sends the same tags for public pages; this keeps them right as the
 * user moves around, and restores the default title when the page is left.
 */
export function PageMeta({ meta, canonical }: { meta: Meta; canonical?: string }) {
  const { title, description, keywords, noindex } = meta;
  useEffect(() => {
    const url = canonical ?? window.location.href.split('#')[0]!;
    if (document.title !== title) document.title = title;
    setMeta('name', 'description', description);
    setMeta('name', 'keywords', keywords);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : 'index, follow');
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', url);
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', description);
    setCanonical(url);
    const jsonLd = document.head.querySelector('script[data-page-jsonld]');
    if (jsonLd) {
      const data = JSON.parse(jsonLd.textContent || '{}') as Record<string, unknown>;
      const updated = JSON.stringify({ ...data, name: title, description, url });
      if (jsonLd.textContent !== updated) jsonLd.textContent = updated;
    }
    return () => {
      document.title = DEFAULT_TITLE;
      setMeta('name', 'description', DEFAULT_DESCRIPTION);
    };
  }, [title, description, keywords, noindex, canonical]);
  return null;
}

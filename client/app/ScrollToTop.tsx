import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Every route change starts at the top of the new page, or at its anchor (issue 46): a client-side
 * navigation otherwise keeps the last page's scroll position, so a report opened after a payment
 * appeared half-way down. The first render keeps what the browser did (a reload, a deep link).
 */
export function ScrollToTop() {
  const [path] = useLocation();
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    window.scrollTo(0, 0);
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (!anchor) return;
    // A lazily loaded page draws its anchor a few frames later: look for it for about a second.
    let frames = 0;
    let frame = 0;
    const seek = () => {
      const target = document.getElementById(anchor);
      if (target) target.scrollIntoView();
      else if (frames++ < 60) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [path]);
  return null;
}

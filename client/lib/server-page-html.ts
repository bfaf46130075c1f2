import { createContext } from 'react';

/**
 * The body of a page the server writes itself (the track record: tables and a chart from stored
 * figures), handed to the App while it renders on the server so the page wears the site's own
 * header, footer and styles. Null in the browser: the page keeps the HTML the server sent.
 */
export const ServerPageHtmlContext = createContext<string | null>(null);

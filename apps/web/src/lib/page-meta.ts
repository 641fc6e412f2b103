import { documentTitle, type PageMeta } from '@rankmatch/shared';
import { useEffect } from 'react';

// Each page sets its own document title and description (what tabs, bookmarks and search engines show) while it
// shows; the server wrote the first page's into index.html from the same texts (packages/shared/src/pages.ts). The
// page sets them, not the router: React runs a page's effects before its parents', so a router's generic description
// would land after (and over) the one a player's page makes of its data.

function setPageDescription(description: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/** "<title> | rankmatch" while the page shows: the tools and other pages not for search engines (no description). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** A public page's title and description while it shows (as the server writes them for its address). */
export function usePageMeta(meta: PageMeta): void {
  const title = documentTitle(meta.title);
  const { description } = meta;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    setPageDescription(description);
  }, [description]);
}

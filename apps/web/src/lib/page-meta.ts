import { useEffect } from 'react';

// The page's description (what search engines show under the title) follows the app's navigation; the server wrote
// the first page's into index.html (packages/shared/src/pages.ts has both).

export function setPageDescription(description: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/** Sets the description while the page shows (nothing while it is null, e.g. still loading). */
export function usePageDescription(description: string | null): void {
  useEffect(() => {
    if (description !== null) setPageDescription(description);
  }, [description]);
}

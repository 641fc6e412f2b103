import { useEffect } from 'react';
import { COMMON_TEXTS } from '../../../lib/texts.ts';

/** "<title> | rankmatch" while the page is shown (nothing while title is null, e.g. still loading). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = `${title} | ${COMMON_TEXTS.siteName}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

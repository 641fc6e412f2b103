import { useEffect } from 'react';
import { COMMON_TEXTS } from '../../../lib/texts.ts';

/** "<title> | rankmatch" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${COMMON_TEXTS.siteName}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

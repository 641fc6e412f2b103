import { lazy, Suspense } from 'react';
import { Skeleton } from './skeleton.tsx';

// Markdown from settings, rendered safely (see markdown-renderer.tsx). The renderer is a separate chunk: most
// visits never need it when the settings are empty.
const MarkdownRenderer = lazy(() => import('./markdown-renderer.tsx'));

export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <Suspense fallback={<Skeleton lines={3} />}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </div>
  );
}

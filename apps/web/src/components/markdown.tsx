import { Suspense, useEffect, useState } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.ts';
import { Skeleton } from './skeleton.tsx';

// Markdown from settings, rendered safely (see markdown-renderer.tsx). The renderer is a separate chunk: most
// visits never need it when the settings are empty.

const renderer = preloadableLazy(() => import('./markdown-renderer.tsx').then((module) => module.default));
const MarkdownRenderer = renderer.Component;

/**
 * Whether the renderer is ready, loading it when `needed`. A page that waits for it shows its text at its final
 * size at once, instead of a placeholder that the text then pushes down.
 */
export function useMarkdownRenderer(needed: boolean): boolean {
  const [ready, setReady] = useState(renderer.isLoaded);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    void renderer.preload().then(
      () => live && setReady(true),
      // A chunk that fails to load: the Markdown component's own fallback and error handling take over.
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready;
}

export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <Suspense fallback={<Skeleton lines={3} />}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </div>
  );
}

import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { settledThenable } from '../lib/settled-thenable.ts';
import { Skeleton } from './skeleton.tsx';

// Markdown from settings, rendered safely (see markdown-renderer.tsx). The renderer is a separate chunk: most
// visits never need it when the settings are empty.

type Renderer = ComponentType<{ children: string }>;
let loading: Promise<{ default: Renderer }> | null = null;
let loaded: Renderer | null = null;

/** Starts loading the renderer (once); resolves when it is in. */
export function loadMarkdownRenderer(): Promise<{ default: Renderer }> {
  loading ??= import('./markdown-renderer.tsx').then((module) => {
    loaded = module.default;
    return module;
  });
  return loading;
}

// Once loaded, React.lazy gets the renderer synchronously (a thenable that resolves at once): no fallback frame.
const MarkdownRenderer = lazy(() => {
  return loaded ? settledThenable({ default: loaded }) : loadMarkdownRenderer();
});

/**
 * Whether the renderer is ready, loading it when `needed`. A page that waits for it shows its text at its final
 * size at once, instead of a placeholder that the text then pushes down.
 */
export function useMarkdownRenderer(needed: boolean): boolean {
  const [ready, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    void loadMarkdownRenderer().then(
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

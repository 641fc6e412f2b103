import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { settledThenable } from './settled-thenable.ts';

export interface PreloadableLazy<Props extends object> {
  Component: LazyExoticComponent<ComponentType<Props>>;
  /** Starts loading the code (once; again after a failure); resolves when it is in. */
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}

/**
 * React.lazy that can be loaded ahead and, once loaded, renders without suspending (the module is handed over in a
 * thenable that calls back at once): a page or part whose code is in renders at once instead of showing its fallback
 * for a frame (a layout shift), and the server's renderer, which loads a page's code before it renders, never sends
 * a fallback the browser would throw away (React's error #419).
 */
export function preloadableLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableLazy<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => (loaded ? settledThenable({ default: loaded }) : preload()));
  return { Component, preload, isLoaded: () => loaded !== null };
}

import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { settledThenable } from './settled-thenable.ts';

/**
 * React.lazy that can be loaded ahead (`preload`, once) and, once loaded, renders without suspending: the server's
 * renderer loads a part's code before it renders the page (a part that suspended there came as its fallback, and the
 * browser threw the server's page away to render it again: React's error #419), the browser before it shows it.
 */
export function preloadableLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: LazyExoticComponent<ComponentType<Props>>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    });
    return loading;
  };
  const Component = lazy(() => (loaded ? settledThenable({ default: loaded }) : preload()));
  return { Component, preload };
}

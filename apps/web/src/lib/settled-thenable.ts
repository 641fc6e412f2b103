/**
 * A thenable already settled with `value`: its `then` calls back at once. React.lazy reads a module given this way in
 * the same render, so code that is already loaded renders without a fallback frame (a real promise's callbacks run a
 * microtask later, after React has shown the fallback).
 */
export function settledThenable<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point
  return { then: (resolve: (value: T) => unknown) => resolve(value) } as Promise<T>;
}

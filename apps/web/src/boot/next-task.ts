/** Resolves in a task of its own: what follows runs after the browser has had the main thread (input, paint). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

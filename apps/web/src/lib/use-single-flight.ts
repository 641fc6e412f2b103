import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * The mutation's `mutate`, ignoring calls while one it started is in flight. A button disabled on `isPending` is not
 * enough: TanStack Query tells the component a task later, so the second click of a double click (or a tap repeated
 * at once) reaches the handler before the button is disabled, and the request went twice (two checkouts, a payment
 * answered "already paid", a wave triggered twice).
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void {
  const inFlight = useRef(false);
  return (variables, options) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(variables, {
      ...options,
      onSettled: (...args) => {
        inFlight.current = false;
        options?.onSettled?.(...args);
      },
    });
  };
}

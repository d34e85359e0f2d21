import { useCallback, useRef, useState } from 'react';

export interface ActionOptions<V, R> {
  action: (variables: V) => Promise<R>;
  onStart?: () => void;
  onSuccess?: (result: R, variables: V) => unknown;
  onError?: (error: unknown, variables: V) => unknown;
}

/**
 * A form's one call with its pending and done state: the part of react-query's useMutation
 * the authentication screens need, without react-query, which stays off the first page.
 */
export function useAction<V = void, R = unknown>(options: ActionOptions<V, R>) {
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const run = useCallback((variables: V) => {
    const { action, onStart } = latest.current;
    onStart?.();
    setState('pending');
    action(variables).then(
      (result) => {
        setState('success');
        latest.current.onSuccess?.(result, variables);
      },
      (error: unknown) => {
        setState('error');
        latest.current.onError?.(error, variables);
      },
    );
  }, []);
  return { run, isPending: state === 'pending', isSuccess: state === 'success' };
}

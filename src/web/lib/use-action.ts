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
  // A second run while one is under way (Enter pressed twice, a double click) is dropped: the
  // busy flag disables the button, but a form can still be submitted from the keyboard.
  const running = useRef(false);
  const run = useCallback((variables: V) => {
    if (running.current) return;
    running.current = true;
    const { action, onStart } = latest.current;
    onStart?.();
    setState('pending');
    action(variables).then(
      (result) => {
        running.current = false;
        setState('success');
        latest.current.onSuccess?.(result, variables);
      },
      (error: unknown) => {
        running.current = false;
        setState('error');
        latest.current.onError?.(error, variables);
      },
    );
  }, []);
  return { run, isPending: state === 'pending', isSuccess: state === 'success' };
}

import { isApiFailure, type ApiFailure } from './api-failure.ts';
import { feedback, showFailure } from './feedback.ts';
import { useAction } from './use-action.ts';

export interface SubmitOptions<V, R> {
  /** What the person is told when it worked: a text, or one made from the answer. */
  success?: string | ((result: R, variables: V) => string);
  /** After success: close the modal, reset the form, refresh what shows the record. */
  onSuccess?: (result: R, variables: V) => unknown;
  /**
   * A failure the form shows itself (field errors under their fields, a problem line): return true.
   * Anything else is shown as the usual message (unless the API client already told the person).
   */
  onFailure?: (failure: ApiFailure, variables: V) => boolean | void;
}

/**
 * A form's submit ritual in one place: the busy flag while the call runs, the call, the success
 * message, the failure (the form's own handling first, else the usual message) and what happens
 * after (close, reset). Errors that are not API failures are programming errors: they are thrown
 * again, outside the form, for the global error handler.
 */
export function useSubmit<V = void, R = unknown>(call: (variables: V) => Promise<R>, options: SubmitOptions<V, R> = {}) {
  const { run, isPending } = useAction<V, R>({
    action: call,
    onSuccess(result, variables) {
      const { success, onSuccess } = options;
      if (success) feedback().message.success(typeof success === 'string' ? success : success(result, variables));
      onSuccess?.(result, variables);
    },
    onError(error, variables) {
      if (!isApiFailure(error)) {
        queueMicrotask(() => {
          throw error;
        });
        return;
      }
      if (options.onFailure?.(error, variables) === true) return;
      showFailure(error);
    },
  });
  return { submit: run, busy: isPending };
}

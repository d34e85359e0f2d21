import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiFailure } from './api-failure.ts';
import { bindFeedback, resetFeedback } from './feedback.ts';
import { useSubmit } from './use-submit.ts';

const told = () => {
  const success = vi.fn();
  const error = vi.fn();
  bindFeedback({ message: { success, error, destroy: vi.fn() }, notification: { destroy: vi.fn() } } as never);
  return { success, error };
};

afterEach(() => {
  bindFeedback(null);
  resetFeedback();
});

describe('useSubmit', () => {
  it('is busy while the call runs, then tells the person and closes', async () => {
    const { success, error } = told();
    let finish!: (n: number) => void;
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      useSubmit((v: { title: string }) => new Promise<number>((resolve) => (finish = resolve)).then((n) => n + v.title.length), {
        success: (n) => `Saved ${n}`,
        onSuccess,
      }),
    );
    expect(result.current.busy).toBe(false);
    act(() => result.current.submit({ title: 'abc' }));
    expect(result.current.busy).toBe(true);
    await act(async () => finish(10));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(success.mock.calls).toEqual([['Saved 13']]);
    expect(onSuccess.mock.calls).toEqual([[13, { title: 'abc' }]]);
    expect(error).not.toHaveBeenCalled();
  });

  it('lets the form show a failure it knows, and shows any other as a message', async () => {
    const { success, error } = told();
    const onSuccess = vi.fn();
    const fieldFailure = new ApiFailure({ status: 422, code: 'validation_failed', message: 'Check the fields.', fields: { title: 'Required' } });
    const conflict = new ApiFailure({ status: 409, code: 'conflict', message: 'Already closed.' });
    const onFailure = vi.fn((f: ApiFailure) => Object.keys(f.fields).length > 0);
    let failure: ApiFailure = fieldFailure;
    const { result } = renderHook(() => useSubmit<void>(() => Promise.reject(failure), { success: 'Saved', onSuccess, onFailure }));
    act(() => result.current.submit());
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(error).not.toHaveBeenCalled();
    failure = conflict;
    act(() => result.current.submit());
    await waitFor(() => expect(error.mock.calls).toEqual([['Already closed.']]));
    expect(result.current.busy).toBe(false);
    expect(success).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('drops a second submit while the first is running (Enter pressed twice)', async () => {
    told();
    let finish!: () => void;
    const call = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useSubmit<void>(call));
    act(() => result.current.submit());
    act(() => result.current.submit());
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await waitFor(() => expect(result.current.busy).toBe(false));
    act(() => result.current.submit());
    expect(call).toHaveBeenCalledTimes(2);
  });
});

import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOUBLE_CLICK_MS, firstClickOnly, useCreateOnce } from './use-create-once';

describe('useCreateOnce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a second start while the first is running', () => {
    const { result } = renderHook(() => useCreateOnce());
    expect(result.current.start()).toEqual(expect.any(String));
    vi.advanceTimersByTime(DOUBLE_CLICK_MS * 4);
    expect(result.current.start()).toBeNull();
  });

  it('treats the second click of a double click as the same one even when the first was already answered', () => {
    const { result } = renderHook(() => useCreateOnce());
    const first = result.current.start();
    vi.advanceTimersByTime(40);
    result.current.settle(true);
    vi.advanceTimersByTime(200);
    expect(result.current.start()).toBeNull();
    vi.advanceTimersByTime(DOUBLE_CLICK_MS);
    const next = result.current.start();
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(first);
  });

  it('retries a failed create at once and under the same id, so the server answers what it already made', () => {
    const { result } = renderHook(() => useCreateOnce());
    const first = result.current.start();
    vi.advanceTimersByTime(30);
    result.current.settle(false);
    expect(result.current.start()).toBe(first);
  });
});

describe('firstClickOnly', () => {
  it('acts on a click and on the keyboard, never on the later clicks of a double click', () => {
    const action = vi.fn();
    const onClick = firstClickOnly(action);
    onClick({ detail: 1 });
    onClick({ detail: 2 });
    onClick({ detail: 3 });
    expect(action).toHaveBeenCalledTimes(1);
    // Enter or Space on a button is a click with detail 0.
    onClick({ detail: 0 });
    expect(action).toHaveBeenCalledTimes(2);
  });
});

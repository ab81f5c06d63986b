import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOUBLE_CLICK_MS, useCreateOnce } from './use-create-once';

describe('useCreateOnce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    // A create that succeeded looks for the rest of its double click for a while at most: let it pass.
    vi.runOnlyPendingTimers();
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

  it('stops the later clicks of the double click that created, wherever they land, until a click of its own', () => {
    const { result } = renderHook(() => useCreateOnce());
    const clicked = vi.fn();
    document.body.addEventListener('click', clicked);
    const mouse = (type: string, detail: number) =>
      document.body.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, detail }));
    result.current.start();
    result.current.settle(true);
    // The double click's second press and click, however late.
    vi.advanceTimersByTime(2_000);
    mouse('mousedown', 2);
    expect(mouse('click', 2)).toBe(false);
    expect(clicked).not.toHaveBeenCalled();
    // The keyboard goes through.
    mouse('click', 0);
    expect(clicked).toHaveBeenCalledTimes(1);
    // A click of its own, then a double click of its own: both of its clicks go through.
    mouse('mousedown', 1);
    mouse('click', 1);
    mouse('mousedown', 2);
    mouse('click', 2);
    expect(clicked).toHaveBeenCalledTimes(3);
    document.body.removeEventListener('click', clicked);
  });

  it('retries a failed create at once and under the same id, so the server answers what it already made', () => {
    const { result } = renderHook(() => useCreateOnce());
    const first = result.current.start();
    vi.advanceTimersByTime(30);
    result.current.settle(false);
    expect(result.current.start()).toBe(first);
  });
});

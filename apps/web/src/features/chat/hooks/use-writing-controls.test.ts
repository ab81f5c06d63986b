import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storedControls, useWritingControls } from './use-writing-controls';

beforeEach(() => window.localStorage.clear());

describe('the composer’s writing controls', () => {
  it('are remembered per project', () => {
    const { result, rerender } = renderHook(({ projectId }) => useWritingControls(projectId), {
      initialProps: { projectId: 'a' },
    });
    expect(result.current.controls).toEqual({ variants: 1 });
    act(() => result.current.change({ tone: 'formal', variants: 3 }));
    act(() => result.current.change({ length: 'short' }));
    expect(result.current.controls).toEqual({ tone: 'formal', length: 'short', variants: 3 });

    rerender({ projectId: 'b' });
    expect(result.current.controls).toEqual({ variants: 1 });
    act(() => result.current.change({ language: 'en' }));

    expect(storedControls('a')).toEqual({ tone: 'formal', length: 'short', variants: 3 });
    expect(storedControls('b')).toEqual({ language: 'en', variants: 1 });
    rerender({ projectId: 'a' });
    expect(result.current.controls).toEqual({ tone: 'formal', length: 'short', variants: 3 });
  });

  it('ignore what storage holds that is not a control', () => {
    window.localStorage.setItem(
      'redacta.writingControls',
      JSON.stringify({ a: { tone: 'angry', length: 'short', variants: 9 } }),
    );
    expect(storedControls('a')).toEqual({ length: 'short', variants: 1 });
    window.localStorage.setItem('redacta.writingControls', 'not json');
    expect(storedControls('a')).toEqual({ variants: 1 });
  });
});

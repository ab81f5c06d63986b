import { describe, expect, it } from 'vitest';
import { Turns } from '../../src/lib/turns.ts';

const never = new Promise<void>(() => {});

describe('Turns (big document saves, a store merging)', () => {
  it('gives turns first come first served, and refuses at once beyond the line', async () => {
    const turns = new Turns(1, 2);
    const order: string[] = [];
    const first = await turns.take(never);
    const second = turns.take(never).then((release) => (order.push('second'), release));
    const third = turns.take(never).then((release) => (order.push('third'), release));
    expect(await turns.take(never)).toBe(false);
    expect(turns.counts).toEqual({ holding: 1, waiting: 2 });

    (first as () => void)();
    const releaseSecond = await second;
    expect(order).toEqual(['second']);
    // Released twice (an answer, then its connection closing), a turn is given back once.
    (first as () => void)();
    expect(turns.counts).toEqual({ holding: 1, waiting: 1 });
    (releaseSecond as () => void)();
    ((await third) as () => void)();
    expect(turns.counts).toEqual({ holding: 0, waiting: 0 });
    expect(typeof (await turns.take(never))).toBe('function');
  });

  it('gives up the place of a caller who left while waiting', async () => {
    const turns = new Turns(1, 4);
    const first = (await turns.take(never)) as () => void;
    let leave!: () => void;
    const gone = new Promise<void>((resolve) => (leave = resolve));
    const leaving = turns.take(gone);
    const staying = turns.take(never);
    leave();
    expect(await leaving).toBe(false);
    expect(turns.counts).toEqual({ holding: 1, waiting: 1 });
    first();
    expect(typeof (await staying)).toBe('function');
  });
});

import { describe, expect, it } from 'vitest';
import { holdFirstPasses, runPeriodically } from '../../../server/lib/scheduler/periodic';

describe('first passes of periodic jobs', () => {
  it('run at once by default, and only once released while held (server start)', async () => {
    const passes: string[] = [];
    const stopEarly = runPeriodically(60_000, async () => void passes.push('early'), () => undefined);
    expect(passes).toEqual(['early']);
    await stopEarly();

    const release = holdFirstPasses();
    const stopHeld = runPeriodically(60_000, async () => void passes.push('held'), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes).toEqual(['early']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(passes).toEqual(['early', 'held']);
    await stopHeld();
  });

  it('a job stopped before the release never runs its first pass', async () => {
    const passes: string[] = [];
    const release = holdFirstPasses();
    const stop = runPeriodically(60_000, async () => void passes.push('pass'), () => undefined);
    await stop();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(passes).toEqual([]);
  });
});

import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isDemoReader } from './demo-readers.ts';

/**
 * Vitest's order (longer or larger files first), except that the demo's readers come last: the demo is built in the
 * background from the run's start, and a reader taken before it is ready holds its worker idle. Measured on a two-core
 * run, readers placed a third of the way in waited until ~1,100 s for a build that takes ~4 min alone. At the end they
 * still run longest first, so the run's tail is one short file, not the screen sweep.
 */
export default class DemoAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => !isDemoReader(f.moduleId)), ...sorted.filter((f) => isDemoReader(f.moduleId))];
  }
}

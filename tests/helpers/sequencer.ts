import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isDemoReader } from './demo-readers.ts';

/**
 * Vitest's order (larger or longer files first), except that the demo's readers start a third of the way through the
 * others: the demo is built in the background from the run's start, so they find it ready instead of holding a worker
 * idle while it loads; and as they are long, they do not go last either.
 */
export default class DemoAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const readers = sorted.filter((f) => isDemoReader(f.moduleId));
    const others = sorted.filter((f) => !isDemoReader(f.moduleId));
    const at = Math.floor(others.length / 3);
    return [...others.slice(0, at), ...readers, ...others.slice(at)];
  }
}

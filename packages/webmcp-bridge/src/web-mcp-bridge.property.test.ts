import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { createFakeModelContext } from '../test/fake-model-context.ts';
import { createListHost, listPipeline } from '../test/list-catalog.ts';
import { offeredTools } from './tool-set.ts';
import { createWebMcpBridge } from './web-mcp-bridge.ts';

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100);

const hostUpdate = fc.record({
  role: fc.constantFrom('viewer', 'editor', null),
  ready: fc.boolean(),
  newPipeline: fc.boolean(),
  awaited: fc.boolean(),
});

test.prop([fc.array(hostUpdate, { minLength: 1, maxLength: 12 })], { numRuns })(
  'whatever the updates and however they overlap, the fake model context ends with exactly the last host’s tools, each registered once',
  async (updates) => {
    const modelContext = createFakeModelContext();
    const host = createListHost(['Milk']);
    const bridge = createWebMcpBridge(modelContext);
    let pipeline = listPipeline(host);
    const pending: Promise<unknown>[] = [];
    let last = { pipeline, role: null as string | null, ready: false };
    for (const update of updates) {
      if (update.newPipeline) pipeline = listPipeline(host);
      last = { pipeline, role: update.role, ready: update.ready };
      const settled = bridge.update(last);
      if (update.awaited) await settled;
      else pending.push(settled);
    }
    const reports = await Promise.all(pending);
    const expected = offeredTools(last).map((tool) => tool.name);
    expect(modelContext.names()).toEqual([...expected].sort());
    expect(bridge.registeredTools()).toEqual(expected);
    for (const report of reports) expect(report).toMatchObject({ failed: [] });
  },
);

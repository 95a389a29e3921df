import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { TodoEditor, todoCatalog } from '../test/todo-editor.ts';
import { type AuditEvent, createAuditLog } from './audit.ts';
import { defineCatalog } from './catalog.ts';
import { defineTool, type ToolRunCall, toolFail, toolOk } from './define-tool.ts';
import { createMemoryIdempotencyStore } from './idempotency-store.ts';
import { createToolPipeline, type ToolInvocation } from './invoke.ts';
import { stableDigest } from './stable-digest.ts';
import {
  MAX_LISTED_PROBLEMS,
  MAY_HAVE_CHANGED,
  NOTHING_WAS_CHANGED,
  revisionNowLine,
  toolError,
} from './tool-error.ts';
import { writeFields } from './write-fields.ts';

/** A pipeline over a fresh to-do editor, with a clock that advances 5 ms per reading. */
function setup(options: { limit?: number } = {}) {
  const editor = new TodoEditor();
  const log = createAuditLog();
  let clock = Date.UTC(2026, 0, 1);
  let ids = 0;
  const pipeline = createToolPipeline({
    catalog: todoCatalog,
    context: editor,
    audit: log.sink,
    idempotency: createMemoryIdempotencyStore({ limit: options.limit ?? 1000 }),
    now: () => {
      clock += 5;
      return clock;
    },
    newCallId: () => `call-${++ids}`,
  });
  return { editor, log, pipeline, last: () => log.events().at(-1) as AuditEvent };
}

function text(invocation: ToolInvocation): string {
  return invocation.result.content.map((block) => block.text).join('\n');
}

describe('a call that succeeds', () => {
  it('returns the output as an MCP CallToolResult and audits it', async () => {
    const { pipeline, editor, last } = setup();
    const invocation = await pipeline.invoke('add_item', { title: 'Buy milk' }, { role: 'editor' });
    const output = { item: { id: 1, title: 'Buy milk', done: false }, revision: 'r1' };
    expect(invocation).toEqual({
      ok: true,
      tool: 'add_item',
      call_id: 'call-1',
      output,
      replayed: false,
      revision_before: 'r0',
      revision_after: 'r1',
      changed: ['item:1'],
      result: {
        content: [{ type: 'text', text: JSON.stringify(output) }],
        structuredContent: output,
        isError: false,
      },
    });
    expect(editor.items).toHaveLength(1);
    expect(last()).toEqual({
      tool: 'add_item',
      call_id: 'call-1',
      role: 'editor',
      argument_digest: expect.stringMatching(/^[0-9a-f]{16}$/),
      started_at: '2026-01-01T00:00:00.005Z',
      duration_ms: 5,
      status: 'ok',
      dry_run: false,
      revision_before: 'r0',
      revision_after: 'r1',
      changed: ['item:1'],
    });
  });

  it('passes the context, call id, role and signal to run', async () => {
    const seen: ToolRunCall<{ name: string }>[] = [];
    const probe = defineTool({
      name: 'probe',
      title: 'Probe',
      description: 'Records what it was given.',
      input: z.object({}),
      output: z.object({}),
      permission: 'read',
      run: (_args, call: ToolRunCall<{ name: string }>) => {
        seen.push(call);
        return toolOk({});
      },
    });
    const context = { name: 'doc' };
    const controller = new AbortController();
    const pipeline = createToolPipeline({ catalog: defineCatalog([probe]), context });
    await pipeline.invoke('probe', undefined, {
      role: 'viewer',
      call_id: 'from-adapter',
      signal: controller.signal,
    });
    expect(seen).toEqual([
      { context, call_id: 'from-adapter', role: 'viewer', signal: controller.signal },
    ]);
  });

  it('lists and describes only the tools of the role', () => {
    const { pipeline } = setup();
    expect(pipeline.list('viewer').map((tool) => tool.name)).toEqual(['list_items']);
    expect(pipeline.manifest('editor').tools).toHaveLength(4);
  });
});

describe('permissions', () => {
  it('refuses a tool outside the role even when called by name, before looking at the arguments', async () => {
    const { pipeline, editor, last } = setup();
    const invocation = await pipeline.invoke('add_item', { title: 42 }, { role: 'viewer' });
    expect(invocation.ok).toBe(false);
    expect(!invocation.ok && invocation.error.code).toBe('permission_denied');
    expect(text(invocation)).toBe(
      [
        'Nothing was changed.',
        'The viewer role may not call add_item.',
        '- add_item needs the write permission; viewer has read. Hint: Ask the user for a role that allows it, or use a tool you were given.',
        'Revision now: r0.',
      ].join('\n'),
    );
    expect(invocation.result.isError).toBe(true);
    expect(editor.runs).toEqual([]);
    expect(last()).toMatchObject({
      status: 'error',
      error_code: 'permission_denied',
      role: 'viewer',
    });
  });

  it('throws for a role the host never defined', async () => {
    const { pipeline } = setup();
    await expect(pipeline.invoke('list_items', {}, { role: 'admin' })).rejects.toThrow(RangeError);
  });

  it('answers not_found for an unknown tool, listing only what the role may call', async () => {
    const { pipeline } = setup();
    const invocation = await pipeline.invoke('delete_everything', {}, { role: 'viewer' });
    expect(!invocation.ok && invocation.error.code).toBe('not_found');
    expect(text(invocation)).toBe(
      'There is no tool named "delete_everything".\n- Unknown tool "delete_everything". Hint: Tools you can call: list_items.\nRevision now: r0.',
    );
  });
});

describe('arguments', () => {
  it('refuses invalid arguments with every bad field named, without running', async () => {
    const { pipeline, editor } = setup();
    const invocation = await pipeline.invoke(
      'add_item',
      { title: '', dry_run: 'no', colour: 'red' },
      { role: 'editor' },
    );
    expect(invocation.ok).toBe(false);
    expect(text(invocation).split('\n')).toEqual([
      'Nothing was changed.',
      '3 problems with the arguments of add_item.',
      '- title: Too small: expected string to have >=1 characters. Received "".',
      '- dry_run: Expected boolean, received "no".',
      '- colour: Unknown field. Hint: Fields here: title, revision, dry_run, idempotency_key.',
      'Revision now: r0.',
    ]);
    expect(editor.runs).toEqual([]);
  });

  it('keeps the message short for thousands of bad items and a huge key name', async () => {
    const { pipeline } = setup();
    const many = await pipeline.invoke(
      'add_item',
      { title: 'Tea', ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, 1])) },
      { role: 'editor' },
    );
    const lines = text(many).split('\n');
    expect(lines).toHaveLength(2 + MAX_LISTED_PROBLEMS + 2);
    expect(lines[1]).toBe('5000 problems with the arguments of add_item.');
    expect(lines.slice(-2)).toEqual([
      `- … and ${5000 - MAX_LISTED_PROBLEMS} more problems.`,
      'Revision now: r0.',
    ]);
    expect(lines.filter((line) => line.includes('Hint:'))).toHaveLength(1);

    const huge = await pipeline.invoke(
      'add_item',
      { title: 'Tea', ['x'.repeat(100_000)]: 1 },
      { role: 'editor' },
    );
    expect(text(huge).length).toBeLessThan(400);
    expect(text(huge)).toContain(`- ${'x'.repeat(57)}...: Unknown field.`);
    const unknownTool = await pipeline.invoke('y'.repeat(100_000), {}, { role: 'editor' });
    expect(text(unknownTool).length).toBeLessThan(600);
  });

  it('gives arguments nested thousands deep a short, readable problem, never a rejection', async () => {
    const { pipeline, editor } = setup();
    let deepArray: unknown = [];
    for (let depth = 0; depth < 4100; depth++) deepArray = [deepArray];
    let deepObject: unknown = {};
    for (let depth = 0; depth < 10_000; depth++) deepObject = { next: deepObject };
    const tree: z.ZodType = z.object({ next: z.optional(z.lazy(() => tree)) }).strict();
    const recursive = defineTool({
      name: 'walk',
      title: 'Walk',
      description: 'Walks a tree.',
      input: z.object({ tree }),
      output: z.object({}),
      permission: 'read',
      run: () => toolOk({}),
    });
    const walker = createToolPipeline({ catalog: defineCatalog([recursive]), context: {} });
    let deepTree: unknown = { next: { leaf: 1 } };
    for (let depth = 0; depth < 300; depth++) deepTree = { next: deepTree };
    // Deeper than zod's own recursion through z.lazy can go.
    let deeperTree: unknown = {};
    for (let depth = 0; depth < 20_000; depth++) deeperTree = { next: deeperTree };

    for (const invocation of [
      await pipeline.invoke('add_item', { title: deepArray }, { role: 'editor' }),
      await pipeline.invoke('add_item', { title: deepObject }, { role: 'editor' }),
      await pipeline.invoke('add_item', deepArray, { role: 'editor' }),
      await pipeline.invoke('add_item', { title: 'Tea', extra: deepObject }, { role: 'editor' }),
      await walker.invoke('walk', { tree: deepTree }, { role: 'viewer' }),
      await walker.invoke('walk', { tree: deeperTree }, { role: 'viewer' }),
    ]) {
      expect(invocation.ok).toBe(false);
      expect(!invocation.ok && invocation.error.code).toBe('invalid_arguments');
      expect(text(invocation).length).toBeLessThan(600);
      expect(text(invocation)).not.toContain('[object Object]');
    }
    const array = await pipeline.invoke('add_item', { title: deepArray }, { role: 'editor' });
    expect(text(array)).toContain('- title: Expected string, received [[[[');
    const object = await pipeline.invoke('add_item', { title: deepObject }, { role: 'editor' });
    expect(text(object)).toContain('- title: Expected string, received {"next":{"next":');
    const walked = await walker.invoke('walk', { tree: deepTree }, { role: 'viewer' });
    expect(text(walked)).toMatch(
      /- tree\.next\.next.* \.\.\. \(\d+ more\) \.\.\..*\.next\.leaf: Unknown field\./,
    );
    expect(editor.runs).toEqual([]);
  });

  test.prop(
    [
      fc.constantFrom('title', 'dry_run', 'revision', 'colour'),
      fc.anything({ maxDepth: 6, withBigInt: true, withDate: true, withMap: true, withSet: true }),
      fc.integer({ min: 0, max: 6000 }),
    ],
    { numRuns: 200 },
  )(
    'resolves any value in any field, nested to any depth, with a bounded message',
    async (field, value, depth) => {
      const { pipeline, editor } = setup();
      let nested: unknown = value;
      for (let level = 0; level < depth; level++)
        nested = level % 2 === 0 ? [nested] : { v: nested };
      const invocation = await pipeline.invoke('add_item', { [field]: nested }, { role: 'editor' });
      if (!invocation.ok) {
        expect(text(invocation).length).toBeLessThan(1200);
        expect(text(invocation)).not.toContain('[object Object]');
      }
      expect(editor.items.length).toBe(invocation.ok ? 1 : 0);
    },
  );

  it('treats missing arguments as an empty object', async () => {
    const { pipeline } = setup();
    expect((await pipeline.invoke('list_items', undefined, { role: 'viewer' })).ok).toBe(true);
  });

  it('does not start a read tool\'s failure with "Nothing was changed."', async () => {
    const { pipeline } = setup();
    const invocation = await pipeline.invoke('list_items', { open_only: 1 }, { role: 'viewer' });
    expect(text(invocation)).toBe(
      '1 problem with the arguments of list_items.\n- open_only: Expected boolean, received 1.\nRevision now: r0.',
    );
  });
});

describe('failures the tool returns', () => {
  it('passes them through, saying nothing changed', async () => {
    const { pipeline, editor, last } = setup();
    editor.add('Tea');
    const read = await pipeline.invoke('list_items', {}, { role: 'viewer' });
    editor.touch();
    const stale = await pipeline.invoke(
      'complete_item',
      { id: 1, revision: read.ok ? (read.output.revision as string) : '' },
      { role: 'editor' },
    );
    expect(!stale.ok && stale.error.code).toBe('stale_revision');
    expect(text(stale)).toBe(
      'Nothing was changed.\nThe list changed since your read.\n- revision: You read r1; the list is at r2. Hint: Call list_items again, then retry.\nRevision now: r2.',
    );
    expect(last()).toMatchObject({
      status: 'error',
      error_code: 'stale_revision',
      revision_before: 'r2',
      revision_after: 'r2',
    });
    const missing = await pipeline.invoke('complete_item', { id: 9 }, { role: 'editor' });
    expect(!missing.ok && missing.error.code).toBe('not_found');
    const refused = await pipeline.invoke('add_item', { title: '   ' }, { role: 'editor' });
    expect(!refused.ok && refused.error.code).toBe('nothing_changed');
    expect(
      text(refused).startsWith('Nothing was changed.\nThe item was not added.\n- title:'),
    ).toBe(true);
  });
  it('tells a refused write the revision now, as text and as _meta, so its retry applies', async () => {
    const { pipeline, editor } = setup();
    editor.add('Tea');
    editor.touch();
    const stale = await pipeline.invoke(
      'complete_item',
      { id: 1, revision: 'r1' },
      { role: 'editor' },
    );
    expect(stale).toMatchObject({ ok: false, untouched: true, revision_after: 'r2' });
    expect(stale.result._meta).toEqual({ revision: 'r2' });
    expect(text(stale).split('\n').at(-1)).toBe('Revision now: r2.');
    expect(stale.result.structuredContent).toBeUndefined();

    const revision = stale.result._meta?.revision;
    const retried = await pipeline.invoke('complete_item', { id: 1, revision }, { role: 'editor' });
    expect(retried.ok).toBe(true);
    expect(editor.items).toEqual([{ id: 1, title: 'Tea', done: true }]);
  });

  it('leaves the revision out of a failure when the host has none', async () => {
    const tool = defineTool({
      name: 'refuse',
      title: 'Refuse',
      description: 'Always refuses.',
      input: z.object({ ...writeFields }),
      output: z.object({}),
      permission: 'write',
      run: () => toolFail(toolError('nothing_changed', 'Refused.')),
    });
    const pipeline = createToolPipeline({ catalog: defineCatalog([tool]), context: {} });
    const refused = await pipeline.invoke('refuse', {}, { role: 'editor' });
    expect(refused).toMatchObject({ ok: false, revision_after: null });
    expect(refused.result).toEqual({
      content: [{ type: 'text', text: 'Nothing was changed.\nRefused.' }],
      isError: true,
    });
  });
});

describe('refusals while someone else edits', () => {
  const refusalCodes = [
    'nothing_changed',
    'stale_revision',
    'invalid_arguments',
    'limit_exceeded',
    'not_found',
    'permission_denied',
  ] as const;
  const document = { version: 0, revision: () => `r${document.version}` };
  const refusing = (code: (typeof refusalCodes)[number] | 'internal', editsDuringRun: number) =>
    defineTool({
      name: 'plan_write',
      title: 'Plan a write',
      description: 'Plans a write that takes a while, then refuses it.',
      input: z.object({ ...writeFields }),
      output: z.object({}),
      permission: 'write',
      run: async () => {
        for (let edit = 0; edit < editsDuringRun; edit++) {
          await Promise.resolve();
          document.version += 1; // a collaborator's edit elsewhere lands while the tool plans
        }
        return toolFail(toolError(code, 'The plan was refused.', [{ message: 'Because.' }]));
      },
    });
  const invokeWith = (tool: ReturnType<typeof refusing>) =>
    createToolPipeline({ catalog: defineCatalog([tool]), context: document }).invoke(
      'plan_write',
      {},
      { role: 'editor' },
    );

  test.prop([fc.constantFrom(...refusalCodes), fc.nat({ max: 3 })])(
    'a refusal the tool returns always starts with "Nothing was changed.", whatever the revision did',
    async (code, edits) => {
      const invocation = await invokeWith(refusing(code, edits));
      expect(!invocation.ok && invocation.untouched).toBe(true);
      expect(text(invocation).startsWith(`${NOTHING_WAS_CHANGED}\nThe plan was refused.`)).toBe(
        true,
      );
    },
  );

  it('a returned internal error after the revision moved says the call may have changed something', async () => {
    const moved = await invokeWith(refusing('internal', 1));
    expect(!moved.ok && moved.untouched).toBe(false);
    expect(text(moved)).toBe(
      `The plan was refused.\n- Because.\n${MAY_HAVE_CHANGED}\n${revisionNowLine(document.revision())}`,
    );
    const still = await invokeWith(refusing('internal', 0));
    expect(text(still)).toBe(
      `${NOTHING_WAS_CHANGED}\nThe plan was refused.\n- Because.\n${revisionNowLine(document.revision())}`,
    );
  });
});

describe('failures inside the tool become internal', () => {
  const counter = { value: 0, revision: () => `v${counter.value}` };
  type Counter = typeof counter;
  const breaks = (when: 'before' | 'after' | 'output' | 'shape' | 'error') =>
    defineTool({
      name: 'bump',
      title: 'Bump',
      description: 'Adds one.',
      input: z.object({ ...writeFields }),
      output: z.object({ value: z.number() }),
      permission: 'write',
      run: (_args, { context }: ToolRunCall<Counter>) => {
        if (when === 'before') throw new Error('disk on fire');
        context.value += 1;
        if (when === 'after') throw new Error('lost after writing');
        if (when === 'output') return toolOk({ value: 'one' as unknown as number });
        if (when === 'shape') return { value: 1 } as never;
        return toolFail({ code: 'teapot', message: 'x', problems: [] } as never);
      },
    });
  const run = async (when: Parameters<typeof breaks>[0]) => {
    const log = createAuditLog();
    const pipeline = createToolPipeline({
      catalog: defineCatalog([breaks(when)]),
      context: counter,
      audit: log.sink,
    });
    const invocation = await pipeline.invoke('bump', {}, { role: 'editor' });
    return { invocation, event: log.events()[0] as AuditEvent };
  };

  it('hides a thrown error from the agent but keeps it in the audit', async () => {
    const { invocation, event } = await run('before');
    expect(!invocation.ok && invocation.error.code).toBe('internal');
    expect(text(invocation)).toBe(
      `Nothing was changed.\nbump failed unexpectedly.\n- The tool stopped with an internal error. Hint: Read the target again before retrying.\n${revisionNowLine(counter.revision())}`,
    );
    expect(text(invocation)).not.toContain('disk on fire');
    expect(event.detail).toContain('Error: disk on fire');
    expect(event.detail).toContain('invoke.test.ts');
  });

  it('does not claim nothing changed when the revision moved before the throw', async () => {
    const { invocation, event } = await run('after');
    expect(!invocation.ok && invocation.untouched).toBe(false);
    expect(text(invocation).startsWith('bump failed unexpectedly.')).toBe(true);
    expect(event.revision_before).not.toBe(event.revision_after);
  });

  it('turns an output that breaks the output schema into internal, with the detail in the audit', async () => {
    const { invocation, event } = await run('output');
    expect(!invocation.ok && invocation.error.code).toBe('internal');
    expect(text(invocation)).toBe(
      `bump produced a result that breaks its own output schema.\n${MAY_HAVE_CHANGED}\n${revisionNowLine(counter.revision())}`,
    );
    expect(event.detail).toBe('value: Expected number, received "one".');
  });

  it('turns a return value that is not a result, or an unknown error code, into internal', async () => {
    for (const when of ['shape', 'error'] as const) {
      const { invocation, event } = await run(when);
      expect(!invocation.ok && invocation.error.code).toBe('internal');
      expect(event.error_code).toBe('internal');
    }
  });
});

describe('an audit sink that throws', () => {
  it('changes neither the outcome nor a retry: the write happens once', async () => {
    const editor = new TodoEditor();
    const pipeline = createToolPipeline({
      catalog: todoCatalog,
      context: editor,
      audit: () => {
        throw new Error('audit disk full');
      },
    });
    const args = { title: 'Tea', idempotency_key: 'k-1' };

    const first = await pipeline.invoke('add_item', args, { role: 'editor' });
    const retry = await pipeline.invoke('add_item', args, { role: 'editor' });
    const refused = await pipeline.invoke('add_item', { title: '' }, { role: 'editor' });

    expect(first).toMatchObject({ ok: true, replayed: false, changed: ['item:1'] });
    expect(retry).toMatchObject({ ok: true, replayed: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(editor.items.map((item) => item.title)).toEqual(['Tea']);
  });
});

describe('a context without revision()', () => {
  it('audits null revisions and still trusts a returned failure to have changed nothing', async () => {
    const refuse = defineTool({
      name: 'refuse',
      title: 'Refuse',
      description: 'Always refuses.',
      input: z.object({}),
      output: z.object({}),
      permission: 'write',
      run: () => toolFail(toolError('limit_exceeded', 'Too many.', [{ message: 'At most 3.' }])),
    });
    const log = createAuditLog();
    const pipeline = createToolPipeline({
      catalog: defineCatalog([refuse]),
      context: {},
      audit: log.sink,
    });
    const invocation = await pipeline.invoke('refuse', {}, { role: 'editor' });
    expect(text(invocation)).toBe('Nothing was changed.\nToo many.\n- At most 3.');
    expect(log.events()[0]).toMatchObject({ revision_before: null, revision_after: null });
  });
});

describe('idempotency', () => {
  it('refuses a key of no or over 200 characters before the tool runs, even where its schema lists no length', async () => {
    const document = { writes: 0, revision: () => `r${document.writes}` };
    const tool = defineTool({
      name: 'lean_write',
      title: 'Lean write',
      description: 'Writes once.',
      input: z.object({ idempotency_key: z.string().optional() }),
      output: z.object({ writes: z.number() }),
      permission: 'write',
      run: (_args, { context }: ToolRunCall<typeof document>) => {
        context.writes += 1;
        return toolOk({ writes: context.writes });
      },
    });
    const pipeline = createToolPipeline({ catalog: defineCatalog([tool]), context: document });
    for (const key of ['', 'k'.repeat(201)]) {
      const refused = await pipeline.invoke(
        'lean_write',
        { idempotency_key: key },
        { role: 'editor' },
      );
      expect(!refused.ok && refused.error.code).toBe('invalid_arguments');
      expect(text(refused)).toContain(
        `An idempotency_key is 1 to 200 characters; this one has ${key.length}.`,
      );
    }
    expect(document.writes).toBe(0);
    const kept = await pipeline.invoke(
      'lean_write',
      { idempotency_key: 'k'.repeat(200) },
      { role: 'editor' },
    );
    expect(kept.ok).toBe(true);
  });

  it('replays the same key with the same arguments without running again', async () => {
    const { pipeline, editor, log, last } = setup();
    const first = await pipeline.invoke(
      'add_item',
      { title: 'Tea', idempotency_key: 'k1' },
      { role: 'editor' },
    );
    const again = await pipeline.invoke(
      'add_item',
      { idempotency_key: 'k1', title: 'Tea' },
      { role: 'editor' },
    );
    expect(editor.runs).toEqual(['add_item']);
    expect(editor.items).toHaveLength(1);
    expect(again).toMatchObject({
      ok: true,
      replayed: true,
      replay_of: first.call_id,
      output: first.ok ? first.output : null,
      revision_after: 'r1',
      changed: ['item:1'],
    });
    expect(again.result.structuredContent).toEqual(first.result.structuredContent);
    expect(again.result.content[0]).toEqual(first.result.content[0]);
    expect(last()).toMatchObject({ status: 'replayed', replay_of: 'call-1', changed: [] });
    const [original, replayed] = log.events();
    expect(replayed?.argument_digest).toBe(original?.argument_digest);
  });

  it('audits the digest of the arguments without their idempotency_key, plain or not', async () => {
    const { pipeline, log } = setup();
    class Arguments {
      constructor(readonly title: string) {}
    }
    await pipeline.invoke('add_item', { title: 'Tea' }, { role: 'editor' });
    await pipeline.invoke('add_item', { idempotency_key: 'k1', title: 'Tea' }, { role: 'editor' });
    await pipeline.invoke('add_item', new Arguments('Tea'), { role: 'editor' });
    expect(log.events().map((event) => event.argument_digest)).toEqual([
      stableDigest({ title: 'Tea' }),
      stableDigest({ title: 'Tea' }),
      stableDigest({ title: 'Tea' }),
    ]);
  });

  for (const failure of ['throws', 'returns an invalid output'] as const) {
    it(`does not write twice when the first call wrote and then ${failure}`, async () => {
      const document = { writes: 0, revision: () => `r${document.writes}` };
      const tool = defineTool({
        name: 'write_then_fail',
        title: 'Write then fail',
        description: 'Writes, then fails.',
        input: z.object({ ...writeFields }),
        output: z.object({ writes: z.number() }),
        permission: 'write',
        run: (_args, { context }: ToolRunCall<typeof document>) => {
          context.writes += 1;
          if (failure === 'throws') throw new Error('lost after writing');
          return toolOk({ writes: 'many' as unknown as number });
        },
      });
      const log = createAuditLog();
      let ids = 0;
      const pipeline = createToolPipeline({
        catalog: defineCatalog([tool]),
        context: document,
        audit: log.sink,
        newCallId: () => `call-${++ids}`,
      });
      const args = { idempotency_key: 'k1' };
      const first = await pipeline.invoke('write_then_fail', args, { role: 'editor' });
      const retry = await pipeline.invoke('write_then_fail', args, { role: 'editor' });

      expect(document.writes).toBe(1);
      expect(!first.ok && first.error.code).toBe('internal');
      expect(retry).toMatchObject({ ok: false, untouched: false, replay_of: 'call-1' });
      expect(text(retry)).toBe(
        [
          'write_then_fail was not run again: the call with this idempotency_key (call-1) failed after it may have changed something.',
          '- idempotency_key: Already used by a call that failed part-way. Hint: Read the target again; if the change is still needed, call again with a new idempotency_key.',
          MAY_HAVE_CHANGED,
          'Revision now: r1.',
        ].join('\n'),
      );
      expect(log.events()[1]).toMatchObject({
        status: 'replayed',
        error_code: 'internal',
        replay_of: 'call-1',
        revision_before: 'r1',
        revision_after: 'r1',
      });
      const fresh = await pipeline.invoke(
        'write_then_fail',
        { idempotency_key: 'k2' },
        { role: 'editor' },
      );
      expect(fresh.replay_of).toBeUndefined();
      expect(document.writes).toBe(2);
    });
  }

  it('gives a replay the current revision before and after, as its audit does, and the recorded output', async () => {
    const { pipeline, editor, last } = setup();
    const first = await pipeline.invoke(
      'add_item',
      { title: 'Tea', idempotency_key: 'k1' },
      { role: 'editor' },
    );
    editor.touch();
    editor.touch();
    const again = await pipeline.invoke(
      'add_item',
      { title: 'Tea', idempotency_key: 'k1' },
      { role: 'editor' },
    );
    expect(again).toMatchObject({
      ok: true,
      replayed: true,
      revision_before: 'r3',
      revision_after: 'r3',
    });
    expect(again.ok && again.output).toEqual(first.ok && first.output);
    // The caller is told it is a replay, and where the target is now.
    expect(again.result.structuredContent).toEqual(first.result.structuredContent);
    expect(again.result.content[0]).toEqual(first.result.content[0]);
    expect(again.result.content[1]?.text).toMatch(
      new RegExp(`^Replayed: call ${first.call_id} already ran .* Revision now: r3\\.$`),
    );
    expect(again.result._meta).toEqual({ replay_of: first.call_id, revision: 'r3' });
    expect(first.result.content).toHaveLength(1);
    expect(last()).toMatchObject({
      status: 'replayed',
      revision_before: 'r3',
      revision_after: 'r3',
    });
  });

  it('counts a default written out and a default left out as the same arguments', async () => {
    const { pipeline, editor } = setup();
    await pipeline.invoke('add_item', { title: 'Tea', idempotency_key: 'k1' }, { role: 'editor' });
    const again = await pipeline.invoke(
      'add_item',
      { title: 'Tea', idempotency_key: 'k1', dry_run: false },
      { role: 'editor' },
    );
    expect(again.ok && again.replayed).toBe(true);
    expect(editor.items).toHaveLength(1);
  });

  it('audits the current revision for calls refused before run', async () => {
    const { pipeline, editor, log } = setup();
    editor.touch();
    await pipeline.invoke('no_such_tool', {}, { role: 'editor' });
    await pipeline.invoke('add_item', { title: 'Tea' }, { role: 'viewer' });
    await pipeline.invoke('add_item', { title: 7 }, { role: 'editor' });
    await pipeline.invoke('add_item', { title: 'Tea', idempotency_key: 'k' }, { role: 'editor' });
    await pipeline.invoke('add_item', { title: 'Milk', idempotency_key: 'k' }, { role: 'editor' });
    const refused = log.events().filter((event) => event.status === 'error');
    expect(refused.map((event) => [event.revision_before, event.revision_after])).toEqual([
      ['r1', 'r1'],
      ['r1', 'r1'],
      ['r1', 'r1'],
      ['r2', 'r2'],
    ]);
  });

  it('refuses the same key with other arguments', async () => {
    const { pipeline, editor } = setup();
    await pipeline.invoke('add_item', { title: 'Tea', idempotency_key: 'k1' }, { role: 'editor' });
    const other = await pipeline.invoke(
      'add_item',
      { title: 'Coffee', idempotency_key: 'k1' },
      { role: 'editor' },
    );
    expect(!other.ok && other.error.code).toBe('invalid_arguments');
    expect(!other.ok && other.error.problems[0]?.path).toBe('idempotency_key');
    expect(text(other).startsWith('Nothing was changed.')).toBe(true);
    expect(editor.items.map((item) => item.title)).toEqual(['Tea']);
  });

  it('keeps keys apart per tool', async () => {
    const { pipeline, editor } = setup();
    await pipeline.invoke('add_item', { title: 'Tea', idempotency_key: 'k' }, { role: 'editor' });
    const other = await pipeline.invoke(
      'complete_item',
      { id: 1, idempotency_key: 'k' },
      { role: 'editor' },
    );
    expect(other.ok && other.replayed).toBe(false);
    expect(editor.runs).toEqual(['add_item', 'complete_item']);
  });

  it('does not record dry runs or failures, so the real call can follow', async () => {
    const { pipeline, editor } = setup();
    await pipeline.invoke(
      'add_item',
      { title: 'Tea', idempotency_key: 'k', dry_run: true },
      { role: 'editor' },
    );
    await pipeline.invoke('complete_item', { id: 1, idempotency_key: 'c' }, { role: 'editor' });
    editor.add('Tea');
    const real = await pipeline.invoke(
      'add_item',
      { title: 'Tea', idempotency_key: 'k' },
      { role: 'editor' },
    );
    const retried = await pipeline.invoke(
      'complete_item',
      { id: 1, idempotency_key: 'c' },
      { role: 'editor' },
    );
    expect(real.ok && real.replayed).toBe(false);
    expect(retried.ok && retried.replayed).toBe(false);
    expect(editor.runs).toEqual(['add_item', 'complete_item', 'add_item', 'complete_item']);
  });

  it('runs once when the same key arrives twice at the same time', async () => {
    const { pipeline, editor } = setup();
    const calls = await Promise.all(
      [1, 2, 3].map(() =>
        pipeline.invoke('add_item', { title: 'Tea', idempotency_key: 'k' }, { role: 'editor' }),
      ),
    );
    expect(editor.runs).toEqual(['add_item']);
    expect(calls.map((call) => call.ok && call.replayed)).toEqual([false, true, true]);
  });

  it('refuses a key on arguments that cannot be digested', async () => {
    const loose = defineTool({
      name: 'take_anything',
      title: 'Take anything',
      description: 'Takes any value.',
      input: z.object({ value: z.any(), ...writeFields }),
      output: z.object({}),
      permission: 'write',
      run: () => toolOk({}),
    });
    const pipeline = createToolPipeline({ catalog: defineCatalog([loose]), context: {} });
    const invocation = await pipeline.invoke(
      'take_anything',
      { value: new Date(0), idempotency_key: 'k' },
      { role: 'editor' },
    );
    expect(!invocation.ok && invocation.error.problems[0]?.path).toBe('idempotency_key');
  });

  const call = fc.record({
    key: fc.constantFrom('a', 'b', 'c', undefined),
    title: fc.constantFrom('Tea', 'Milk'),
  });

  test.prop([fc.array(fc.array(call, { minLength: 1, maxLength: 4 }), { maxLength: 8 })])(
    'an idempotent replay never runs the tool twice, even for calls in flight together',
    async (batches) => {
      const { pipeline, editor } = setup();
      const firstTitle = new Map<string, string>();
      const firstOutput = new Map<string, unknown>();
      let keyless = 0;
      for (const batch of batches) {
        const results = await Promise.all(
          batch.map(({ key, title }) =>
            pipeline.invoke(
              'add_item',
              key === undefined ? { title } : { title, idempotency_key: key },
              { role: 'editor' },
            ),
          ),
        );
        batch.forEach(({ key, title }, index) => {
          const result = results[index] as ToolInvocation;
          if (key === undefined) {
            keyless += 1;
            expect(result.ok && !result.replayed).toBe(true);
            return;
          }
          const first = firstTitle.get(key);
          if (first === undefined) {
            firstTitle.set(key, title);
            expect(result.ok && !result.replayed).toBe(true);
            firstOutput.set(key, result.ok ? result.output : null);
          } else if (first === title) {
            expect(result.ok && result.replayed).toBe(true);
            expect(result.ok && result.output).toEqual(firstOutput.get(key));
          } else {
            expect(!result.ok && result.error.code).toBe('invalid_arguments');
          }
        });
      }
      expect(editor.runs).toHaveLength(keyless + firstTitle.size);
    },
  );
});

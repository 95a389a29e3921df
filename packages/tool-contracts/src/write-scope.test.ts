import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { TodoEditor, todoCatalog } from '../test/todo-editor.ts';
import { createAuditLog } from './audit.ts';
import { createToolPipeline } from './invoke.ts';
import { createReviewDriver } from './review-driver.ts';
import { NOTHING_WAS_CHANGED } from './tool-error.ts';
import { describeScope, scopeRefusal, type WriteScope } from './write-scope.ts';

/** A scope of item ids, as a host would build from a selection. */
function itemsScope(ids: readonly number[]): WriteScope {
  return {
    label: `items ${ids.join(', ')}`,
    data: { items: [...ids] },
    contains: (target) => typeof target === 'number' && ids.includes(target),
    describe: (target) => `item ${String(target)}`,
  };
}

function setup(titles: readonly string[] = ['Tea', 'Milk', 'Bread']) {
  const editor = new TodoEditor();
  for (const title of titles) editor.add(title);
  const log = createAuditLog();
  const pipeline = createToolPipeline({ catalog: todoCatalog, context: editor, audit: log.sink });
  return { editor, log, pipeline };
}

function text(invocation: { result: { content: readonly { text: string }[] } }): string {
  return invocation.result.content.map((block) => block.text).join('\n');
}

describe('scopeRefusal', () => {
  it('names each target outside and the scope, and is undefined when all are inside', () => {
    const scope = itemsScope([1, 2]);
    expect(scopeRefusal(scope, 'complete_item', [1, 2])).toBeUndefined();
    expect(scopeRefusal(scope, 'complete_item', [2, 3, 4])).toEqual({
      code: 'out_of_scope',
      message:
        'complete_item would write outside your scope (items 1, 2); you may write only there.',
      problems: [3, 4].map((id) => ({
        message: `item ${id} is outside your scope (items 1, 2).`,
        hint: 'Write only inside items 1, 2, or ask the user to widen the scope.',
      })),
    });
  });
});

describe('a write under a scope', () => {
  it('runs when every target is inside, and the audit event records the scope', async () => {
    const { editor, log, pipeline } = setup();
    const scope = itemsScope([1, 2]);
    const done = await pipeline.invoke('complete_item', { id: 2 }, { role: 'editor', scope });
    expect(done.ok).toBe(true);
    expect(editor.items[1]?.done).toBe(true);
    expect(log.events().at(-1)).toMatchObject({
      tool: 'complete_item',
      status: 'ok',
      scope: { label: 'items 1, 2', data: { items: [1, 2] } },
    });
  });

  it('is refused before it runs when a target is outside: nothing changed, the scope named', async () => {
    const { editor, log, pipeline } = setup();
    const invocation = await pipeline.invoke(
      'complete_item',
      { id: 3 },
      { role: 'editor', scope: itemsScope([1, 2]) },
    );
    expect(invocation.ok).toBe(false);
    expect(!invocation.ok && invocation.error.code).toBe('out_of_scope');
    expect(!invocation.ok && invocation.untouched).toBe(true);
    expect(text(invocation).startsWith(`${NOTHING_WAS_CHANGED}\n`)).toBe(true);
    expect(text(invocation)).toContain('items 1, 2');
    expect(editor.runs).toEqual([]);
    expect(editor.revision()).toBe('r3');
    expect(log.events().at(-1)).toMatchObject({
      status: 'error',
      error_code: 'out_of_scope',
      revision_before: 'r3',
      revision_after: 'r3',
      scope: { label: 'items 1, 2' },
    });
  });

  it('refuses a dry run outside the scope too, so the agent learns before it writes', async () => {
    const { pipeline } = setup();
    const invocation = await pipeline.invoke(
      'complete_item',
      { id: 3, dry_run: true },
      { role: 'editor', scope: itemsScope([1]) },
    );
    expect(!invocation.ok && invocation.error.code).toBe('out_of_scope');
  });

  it('refuses a write tool that declares no targets under any scope (it cannot be checked)', async () => {
    const { editor, pipeline } = setup();
    const invocation = await pipeline.invoke(
      'add_item',
      { title: 'Jam' },
      { role: 'editor', scope: itemsScope([1, 2, 3]) },
    );
    expect(!invocation.ok && invocation.error.code).toBe('out_of_scope');
    expect(editor.items).toHaveLength(3);
  });

  it('does not limit reads', async () => {
    const { pipeline } = setup();
    const read = await pipeline.invoke('list_items', {}, { role: 'editor', scope: itemsScope([]) });
    expect(read.ok && (read.output.items as unknown[]).length).toBe(3);
  });

  test.prop([fc.uniqueArray(fc.integer({ min: 1, max: 5 })), fc.integer({ min: 1, max: 5 })])(
    'a write is applied exactly when its target is in the scope, and a refused one changes nothing',
    async (ids, id) => {
      const { editor, pipeline } = setup(['a', 'b', 'c', 'd', 'e']);
      const before = JSON.stringify(editor.items);
      const invocation = await pipeline.invoke(
        'complete_item',
        { id },
        { role: 'editor', scope: itemsScope(ids) },
      );
      expect(invocation.ok).toBe(ids.includes(id));
      if (!invocation.ok) {
        expect(invocation.error.code).toBe('out_of_scope');
        expect(JSON.stringify(editor.items)).toBe(before);
        expect(editor.revision()).toBe('r5');
      }
    },
  );
});

describe('the manifest under a scope', () => {
  it('carries the scope and names it in every write tool, not in reads', () => {
    const { pipeline } = setup();
    const manifest = pipeline.manifest({ role: 'editor', scope: itemsScope([1]) });
    expect(manifest.scope).toEqual({ label: 'items 1', data: { items: [1] } });
    const described = Object.fromEntries(manifest.tools.map((t) => [t.name, t.description]));
    expect(described.complete_item).toContain('you may write only inside items 1');
    expect(described.list_items).not.toContain('Scope:');
    // The examples stay the description's last lines.
    expect(described.complete_item?.endsWith('{"id":2,"revision":"r3"}')).toBe(true);
    expect(pipeline.manifest('editor').scope).toBeUndefined();
  });
});

describe('tool toggles', () => {
  it('leave a switched-off tool out of the list and the manifest', () => {
    const { pipeline } = setup();
    const policy = { role: 'editor', disabledTools: ['clear_done'] };
    expect(pipeline.list(policy).map((t) => t.name)).toEqual([
      'list_items',
      'add_item',
      'complete_item',
    ]);
    expect(pipeline.manifest(policy).tools.map((t) => t.name)).not.toContain('clear_done');
  });

  it('refuse a switched-off tool by name in the same shape as one outside the role', async () => {
    const { editor, pipeline } = setup();
    editor.items[0]!.done = true;
    const toggled = await pipeline.invoke(
      'clear_done',
      {},
      { role: 'editor', disabledTools: ['clear_done'] },
    );
    const outsideRole = await pipeline.invoke('clear_done', {}, { role: 'viewer' });
    expect(!toggled.ok && toggled.error.code).toBe('permission_denied');
    expect(!outsideRole.ok && outsideRole.error.code).toBe('permission_denied');
    expect(!toggled.ok && toggled.error.message).toBe('The editor role may not call clear_done.');
    expect(!toggled.ok && toggled.error.problems[0]?.message).toBe(
      'clear_done is switched off for this caller.',
    );
    expect(text(toggled).startsWith(`${NOTHING_WAS_CHANGED}\n`)).toBe(true);
    expect(editor.runs).toEqual([]);
  });

  it('throw for disabledTools that is not a list of names (a host bug)', async () => {
    const { pipeline } = setup();
    await expect(
      pipeline.invoke(
        'list_items',
        {},
        {
          role: 'editor',
          disabledTools: 'clear_done' as unknown as string[],
        },
      ),
    ).rejects.toThrow(TypeError);
  });
});

describe('review sessions under a scope', () => {
  it('record the scope they were proposed under, and a retry keeps it', async () => {
    const driver = createReviewDriver<{ id: number }, string>({
      plan: () => ({ ok: true, preview: 'done', revision: 'r1' }),
      apply: () => ({ ok: true, revision_after: 'r2', changed: [] }),
      isStale: () => false,
    });
    const scope = itemsScope([1]);
    const session = driver.open('complete_item', { id: 1 }, scope);
    expect(session.scope).toEqual(describeScope(scope));
    driver.abort(session.id);
    const retried = driver.retry(session.id);
    expect(retried.ok && retried.session.scope).toEqual({ label: 'items 1', data: { items: [1] } });
  });
});

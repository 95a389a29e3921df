import { describe, expect, it } from 'vitest';
import { createFakeModelContext } from '../test/fake-model-context.ts';
import { ensureModelContext } from './ensure-model-context.ts';
import { findModelContext } from './find-model-context.ts';
import type { BrowserScope } from './model-context.ts';

describe('findModelContext with fake model contexts', () => {
  it('prefers document.modelContext to the older navigator.modelContext', () => {
    const onDocument = createFakeModelContext();
    const onNavigator = createFakeModelContext();
    const found = findModelContext({
      document: { modelContext: onDocument },
      navigator: { modelContext: onNavigator },
    });
    expect(found).toEqual({ ok: true, modelContext: onDocument, source: 'document' });
  });

  it('falls back to navigator.modelContext', () => {
    const onNavigator = createFakeModelContext();
    const found = findModelContext({ document: {}, navigator: { modelContext: onNavigator } });
    expect(found).toEqual({ ok: true, modelContext: onNavigator, source: 'navigator' });
  });

  it('says there is none, and what to do, where neither has registerTool', () => {
    const found = findModelContext({
      document: { modelContext: {} },
      navigator: {},
      isSecureContext: true,
    });
    expect(found).toMatchObject({ ok: false, reason: 'absent' });
    expect(!found.ok && found.message).toMatch(/--enable-features=WebMCP.*@mcp-b\/webmcp-polyfill/);
  });

  it('says an insecure page has none because it is not a secure context', () => {
    const found = findModelContext({ document: {}, navigator: {}, isSecureContext: false });
    expect(found).toMatchObject({ ok: false, reason: 'insecure_context' });
    expect(!found.ok && found.message).toMatch(/https, or from localhost or 127\.0\.0\.1/);
  });

  it('finds nothing in Node, where there is no document', () => {
    expect(findModelContext()).toMatchObject({ ok: false, reason: 'absent' });
  });
});

/** A test double of the polyfill module: installs a fake model context on the scope's document. */
function fakePolyfill(scope: { document: { modelContext?: unknown } }) {
  const calls: unknown[] = [];
  return {
    calls,
    module: {
      initializeWebMCPPolyfill(options?: { installTestingShim?: boolean }) {
        calls.push(options);
        scope.document.modelContext ??= createFakeModelContext('polyfill');
      },
    },
  };
}

describe('ensureModelContext with a fake polyfill module', () => {
  it('never installs the polyfill over a native model context', async () => {
    const native = createFakeModelContext();
    const scope = { document: { modelContext: native as unknown } };
    const polyfill = fakePolyfill(scope);
    const found = await ensureModelContext({ scope, polyfill: async () => polyfill.module });
    expect(found).toEqual({ ok: true, modelContext: native, source: 'document' });
    expect(polyfill.calls).toEqual([]);
  });

  it('installs the polyfill when the host asks and there is no WebMCP', async () => {
    const scope: { document: { modelContext?: unknown } } = { document: {} };
    const polyfill = fakePolyfill(scope);
    const found = await ensureModelContext({
      scope,
      polyfill: async () => polyfill.module,
      installTestingShim: true,
    });
    expect(found).toMatchObject({ ok: true, source: 'polyfill' });
    expect(polyfill.calls).toEqual([{ installTestingShim: true }]);
  });

  it('says there is none when the host did not ask for the polyfill', async () => {
    expect(await ensureModelContext({ scope: { document: {} } })).toMatchObject({
      ok: false,
      reason: 'absent',
    });
  });

  it('reports a polyfill that cannot be loaded, without throwing', async () => {
    const found = await ensureModelContext({
      scope: { document: {} },
      polyfill: () => Promise.reject(new Error("Cannot find module '@mcp-b/webmcp-polyfill'")),
    });
    expect(found).toMatchObject({ ok: false, reason: 'polyfill_failed' });
    expect(!found.ok && found.message).toContain("Cannot find module '@mcp-b/webmcp-polyfill'");
  });

  it('reports a polyfill that installed nothing', async () => {
    const scope: BrowserScope = { document: {} };
    const found = await ensureModelContext({
      scope,
      polyfill: { initializeWebMCPPolyfill: () => undefined },
    });
    expect(found).toMatchObject({ ok: false, reason: 'polyfill_failed' });
    expect(!found.ok && found.message).toContain('it installed no document.modelContext');
  });
});

import { describe, expect, it } from 'vitest';
import { addItem, clearDone, completeItem, listItems, todoCatalog } from '../test/todo-editor.ts';
import { listTools } from './access.ts';
import { defineCatalog } from './catalog.ts';

describe('defineCatalog', () => {
  it('keeps the tools in order and finds them by name', () => {
    expect(todoCatalog.tools.map((tool) => tool.name)).toEqual([
      'list_items',
      'add_item',
      'complete_item',
      'clear_done',
    ]);
    expect(todoCatalog.get('add_item')).toBe(addItem);
    expect(todoCatalog.get('remove_item')).toBeUndefined();
  });

  it('throws on two tools with one name', () => {
    expect(() => defineCatalog([listItems, addItem, listItems])).toThrow(
      /Two tools are named "list_items"/,
    );
  });
});

describe('listTools', () => {
  it('shows a viewer the read tools and an editor every tool', () => {
    expect(listTools(todoCatalog, 'viewer')).toEqual([listItems]);
    expect(listTools(todoCatalog, 'editor')).toEqual([listItems, addItem, completeItem, clearDone]);
  });

  it("uses the host's role table and throws for an unknown role", () => {
    expect(listTools(todoCatalog, 'auditor', { auditor: [] })).toEqual([]);
    expect(() => listTools(todoCatalog, 'admin')).toThrow(RangeError);
  });
});

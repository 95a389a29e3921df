import { bindInputGestures, createUndoController } from '@scorelane/undo';
import * as Y from 'yjs';

// The host editor: its shared document, the origin its own Yjs binding writes
// with, its selection, and the element people type into.
const doc = new Y.Doc();
const units = doc.getMap('units');
const editorOrigin = { name: 'my-editor' };
let selection = { start: 1, end: 1 };
const editorElement = new EventTarget(); // in a browser: document.querySelector('#editor')

const undo = createUndoController(doc, {
  trackedOrigins: [editorOrigin], // the person's edits; a provider's updates are never undone
  getSelection: () => selection,
  setSelection: (restored) => {
    selection = restored;
  },
});
undo.on('change', (event) => console.log('history:', event.kind, event.canUndo, event.canRedo));

// People: each pointer or key press on the editor starts a new step.
bindInputGestures(editorElement, undo);
editorElement.dispatchEvent(new Event('keydown'));
doc.transact(() => units.set('m1', 'c4 d4'), editorOrigin);

// The agent: every tool call is exactly one step, however quickly they come.
function rewriteMeasure(toolCallId, measure, notes) {
  undo.runAsStep({ actor: 'agent', toolCallId, label: `Rewrite bar ${measure}` }, () => {
    units.set(`m${measure}`, notes);
    selection = { start: measure, end: measure }; // select what changed
  });
}
rewriteMeasure('call_1', 2, 'e4 f4');
rewriteMeasure('call_2', 3, 'g4 a4');

const result = undo.undo(); // reverts call_2 only
console.log(result.ok && result.step.meta.toolCallId, units.toJSON(), selection);
// call_2 { m1: 'c4 d4', m2: 'e4 f4' } { start: 2, end: 2 }
undo.redo(); // re-applies it and selects bar 3 again

undo.destroy(); // removes every listener, the input-gesture binding included

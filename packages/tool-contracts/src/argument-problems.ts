/**
 * Zod issues -> problems an agent can act on: each names the field (as
 * `items[2].title`), says what was expected and what was received, and, for
 * unknown fields and wrong choices, lists what would have been accepted.
 */
import type * as z from 'zod';
import type { ToolProblem } from './tool-error.ts';
import { clip, preview } from './value-preview.ts';
import { definitionOf, schemaAt } from './zod-definitions.ts';

/**
 * Formats an issue path the way an agent writes it: `items[2].title`.
 * The empty path (the arguments as a whole) gives `undefined`.
 *
 * @example
 * ```ts
 * formatPath(['items', 2, 'title']); // 'items[2].title'
 * formatPath([]); // undefined
 * ```
 */
export function formatPath(path: readonly PropertyKey[]): string | undefined {
  if (path.length > PATH_SEGMENTS_SHOWN) {
    // A path thousands deep names its start and its end.
    const head = formatSegments(path.slice(0, PATH_SEGMENTS_SHOWN - 4));
    const tail = formatSegments(path.slice(-4), true);
    const skipped = path.length - PATH_SEGMENTS_SHOWN;
    return `${head} ... (${skipped} more) ...${tail}`;
  }
  const text = formatSegments(path);
  return text === '' ? undefined : text;
}

/** The most segments of a path shown in full. */
const PATH_SEGMENTS_SHOWN = 16;

function formatSegments(path: readonly PropertyKey[], continued = false): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else {
      // A key is the agent's text: quote at most PREVIEW_LENGTH characters of it.
      const key = clip(String(segment));
      text += text === '' && !continued ? key : `.${key}`;
    }
  }
  return text;
}

/**
 * Turns the issues of a failed `safeParse` of `args` against `schema` into
 * problems, one per bad field (one per unknown key).
 *
 * @example
 * ```ts
 * const schema = z.object({ count: z.number().int() }).strict();
 * const parsed = schema.safeParse({ count: 'two', extra: 1 });
 * if (!parsed.success) argumentProblems(parsed.error.issues, { count: 'two', extra: 1 }, schema);
 * // [ { path: 'count', message: 'Expected number, received "two".' },
 * //   { path: 'extra', message: 'Unknown field.', hint: 'Fields here: count.' } ]
 * ```
 */
export function argumentProblems(
  issues: readonly z.core.$ZodIssue[],
  args: unknown,
  schema: z.ZodType,
): ToolProblem[] {
  const problems: ToolProblem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const known = fieldsAt(schema, issue.path);
      for (const key of issue.keys) {
        problems.push(
          withPath(
            formatPath([...issue.path, key]),
            'Unknown field.',
            known === undefined ? 'Remove it.' : `Fields here: ${known.join(', ') || '(none)'}.`,
          ),
        );
      }
      continue;
    }
    const path = formatPath(issue.path);
    const value = valueAt(args, issue.path);
    switch (issue.code) {
      case 'invalid_type': {
        const expected = expectedName(issue.expected);
        if (!value.present) {
          problems.push(
            path === undefined
              ? withPath(undefined, `Expected an ${expected} of arguments, received nothing.`)
              : withPath(path, `Missing required field; expected ${expected}.`),
          );
        } else if (path === undefined) {
          problems.push(
            withPath(
              undefined,
              `Expected an ${expected} of arguments, received ${kindOf(value.value)}.`,
            ),
          );
        } else {
          problems.push(withPath(path, `Expected ${expected}, received ${preview(value.value)}.`));
        }
        break;
      }
      case 'invalid_union': {
        const expectation = unionExpectation(issue.errors, value, schemaAt(schema, issue.path));
        if (expectation === undefined) {
          problems.push(withPath(path, sentence(issue.message)));
        } else if (!value.present) {
          problems.push(
            path === undefined
              ? withPath(undefined, `Expected ${expectation} as arguments, received nothing.`)
              : withPath(path, `Missing required field; expected ${expectation}.`),
          );
        } else {
          problems.push(
            withPath(path, `Expected ${expectation}; received ${preview(value.value)}.`),
          );
        }
        break;
      }
      case 'invalid_value':
        problems.push(
          withPath(
            path,
            `Expected one of ${issue.values.map((choice) => preview(choice)).join(', ')}; received ${value.present ? preview(value.value) : 'nothing'}.`,
          ),
        );
        break;
      default:
        problems.push(
          withPath(
            path,
            value.present && issue.path.length > 0
              ? `${sentence(issue.message)} Received ${preview(value.value)}.`
              : sentence(issue.message),
          ),
        );
    }
  }
  return problems;
}

/**
 * What the options of a union accept, from zod 4's per-option issues:
 * `an integer, or one of "all", "none"`. An option the value got past the
 * type check of is named by what was wrong inside it. `undefined` when zod
 * gave no per-option detail.
 */
function unionExpectation(
  options: readonly (readonly z.core.$ZodIssue[])[],
  value: { present: true; value: unknown } | { present: false },
  union: z.ZodType | undefined,
): string | undefined {
  const types: string[] = [];
  const values: unknown[] = [];
  const others: string[] = [];
  const unionDef = definitionOf(union);
  const schemas = unionDef?.type === 'union' ? (unionDef.options ?? []) : [];
  options.forEach((issues, index) => {
    const first = issues[0];
    if (first === undefined) return;
    if (first.path.length === 0 && first.code === 'invalid_type') {
      // zod checks the type before the format: name an integer option as one.
      const isInt = (schemas[index] as { isInt?: unknown } | undefined)?.isInt === true;
      const name = withArticle(isInt ? 'integer' : expectedName(first.expected));
      if (!types.includes(name)) types.push(name);
    } else if (first.path.length === 0 && first.code === 'invalid_value') {
      for (const choice of first.values) if (!values.includes(choice)) values.push(choice);
    } else if (value.present) {
      const kind = withArticle(kindName(value.value));
      const where = formatPath(first.path);
      if (first.code === 'unrecognized_keys') {
        const keys = first.keys.map((key) => preview(key)).join(', ');
        others.push(`${kind}${where === undefined ? '' : ` at ${where}`} without ${keys}`);
      } else if (where !== undefined && !valueAt(value.value, first.path).present) {
        others.push(`${kind} with ${where}`);
      } else {
        others.push(`${kind} where ${where === undefined ? '' : `${where}: `}${first.message}`);
      }
    }
  });
  const parts = [...types];
  if (values.length === 1) parts.push(preview(values[0]));
  else if (values.length > 1) parts.push(`one of ${values.map((v) => preview(v)).join(', ')}`);
  parts.push(...others);
  return parts.length === 0 ? undefined : parts.join(', or ');
}

function withArticle(name: string): string {
  if (name === 'null' || name === 'undefined') return name;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

function kindName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Zod's type names, in the words of JSON Schema where they differ. */
function expectedName(expected: string): string {
  return expected === 'int' ? 'integer' : expected;
}

function withPath(path: string | undefined, message: string, hint?: string): ToolProblem {
  return {
    ...(path === undefined ? {} : { path }),
    message,
    ...(hint === undefined ? {} : { hint }),
  };
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function valueAt(
  root: unknown,
  path: readonly PropertyKey[],
): { present: true; value: unknown } | { present: false } {
  let current: unknown = root;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return { present: false };
    const container = current as Record<PropertyKey, unknown>;
    if (!Object.hasOwn(container, segment)) return { present: false };
    current = container[segment];
  }
  return current === undefined ? { present: false } : { present: true, value: current };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** The field names of the object schema found at `path`, through wrappers and arrays. */
function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  const def = definitionOf(schemaAt(schema, path));
  return def?.type === 'object' ? Object.keys(def.shape ?? {}) : undefined;
}

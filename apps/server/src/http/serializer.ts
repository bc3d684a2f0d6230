import { z } from 'zod';

/**
 * The JSON text of an answer, written straight from the contract's answer schema: only the
 * properties the schema lists, in its order, each checked for the JSON type it declares (and the
 * enum, constant or pattern of a string). One pass over the handler's data, instead of a zod parse
 * that copies every row and a JSON.stringify of the copy (docs/design.md §11: the fixed cost per row).
 *
 * Built from the JSON Schema zod writes for the answer (`io: 'output'`), the one the OpenAPI
 * document publishes, so what leaves the server is what the reference says. String formats and
 * number bounds are not checked: the handler built the value, and with CHECK_ANSWERS (tests) every
 * answer is also parsed by zod and must come out the same text.
 */
export type Serialize = (value: unknown) => string;

type Schema = { [key: string]: unknown };
type Write = (value: unknown) => string;

/** A handler answered something its contract does not describe: a server bug, answered 500. */
export class AnswerMismatch extends Error {
  /** Where, from the answer's root: built on the way out, so a good answer pays nothing for it. */
  path = '';
  constructor(readonly expected: string) {
    super(`answer does not fit its contract: expected ${expected}`);
  }
  at(step: string): AnswerMismatch {
    this.path = `${step}${this.path}`;
    this.message = `answer does not fit its contract at ${this.path}: expected ${this.expected}`;
    return this;
  }
}

/** Rethrow a mismatch from inside `step` (a key or an index) with that step on its path. */
const within = (err: unknown, step: string): never => {
  throw err instanceof AnswerMismatch ? err.at(step) : err;
};

/** Characters JSON.stringify escapes in a string (and lone surrogates): the rest is copied as is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const quote = (v: string) => (NEEDS_ESCAPE.test(v) ? JSON.stringify(v) : `"${v}"`);

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

const KNOWN = new Set([
  '$schema',
  '$ref',
  '$defs',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  'enum',
  'const',
  'pattern',
  'default',
  'description',
  'title',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
  'examples',
  'deprecated',
  'readOnly',
]);

/** A value of this JSON type, as JSON Schema names it. */
const isType: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  array: (v) => Array.isArray(v),
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

/**
 * Could the schema describe the value, judged by its top-level type alone (a constant: by the value)?
 * Picks the branch of a union without trying each: most unions here are number-or-string or X-or-null.
 */
const fitsOf = (s: Schema): ((v: unknown) => boolean) => {
  if ('const' in s) return (v) => v === s.const;
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const checks = types.map((t) => isType[t]).filter((f) => f !== undefined);
  if (checks.length === 0 || checks.length !== types.length) return () => true;
  if (checks.length === 1) return checks[0] as (v: unknown) => boolean;
  return (v) => checks.some((f) => f(v));
};

const compile = (s: Schema, root: Schema): Write => {
  for (const key of Object.keys(s)) {
    if (!KNOWN.has(key)) throw new Error(`serializer: the JSON Schema keyword "${key}" is not supported`);
  }
  if (typeof s.$ref === 'string') {
    const name = /^#\/\$defs\/(.+)$/.exec(s.$ref)?.[1];
    const defs = root.$defs;
    const target = name !== undefined && isSchema(defs) ? defs[name] : undefined;
    if (!isSchema(target)) throw new Error(`serializer: cannot resolve ${s.$ref}`);
    // Compiled on first use: a schema may refer to itself.
    let write: Write | undefined;
    return (v) => {
      write ??= compile(target, root);
      return write(v);
    };
  }
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (branches) {
    const options = branches.map((b) => ({ fits: fitsOf(b), write: compile(b, root) }));
    return (v) => {
      // The first branch that takes the value, as zod's union does; a wrong guess costs a throw.
      let failure: unknown;
      for (const o of options) {
        if (!o.fits(v)) continue;
        try {
          return o.write(v);
        } catch (err) {
          if (!(err instanceof AnswerMismatch)) throw err;
          failure = err;
        }
      }
      throw failure ?? new AnswerMismatch('one of the listed forms');
    };
  }
  if ('const' in s) {
    const text = JSON.stringify(s.const);
    return (v) => {
      if (v !== s.const) throw new AnswerMismatch(text);
      return text;
    };
  }
  if (Array.isArray(s.enum)) {
    const allowed = new Set(s.enum);
    return (v) => {
      if (!allowed.has(v)) throw new AnswerMismatch(`one of ${[...allowed].join(', ')}`);
      return JSON.stringify(v);
    };
  }
  if (Array.isArray(s.type)) {
    const { type, ...rest } = s;
    const single = (type as string[]).map((t) => ({
      fits: fitsOf({ type: t }),
      write: compile({ ...rest, type: t }, root),
    }));
    return (v) => {
      for (const o of single) if (o.fits(v)) return o.write(v);
      throw new AnswerMismatch((type as string[]).join(' or '));
    };
  }
  switch (s.type) {
    case undefined:
      // Any JSON value (z.unknown, z.json): written as it is.
      return (v) => {
        const text = JSON.stringify(v);
        if (text === undefined) throw new AnswerMismatch('a JSON value');
        return text;
      };
    case 'string': {
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : undefined;
      return (v) => {
        if (typeof v !== 'string' || (pattern && !pattern.test(v))) {
          throw new AnswerMismatch(pattern ? `a string matching ${pattern}` : 'a string');
        }
        return quote(v);
      };
    }
    case 'number':
    case 'integer': {
      const integer = s.type === 'integer';
      return (v) => {
        if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
          throw new AnswerMismatch(integer ? 'an integer' : 'a finite number');
        }
        return String(v);
      };
    }
    case 'boolean':
      return (v) => {
        if (typeof v !== 'boolean') throw new AnswerMismatch('true or false');
        return v ? 'true' : 'false';
      };
    case 'null':
      return (v) => {
        if (v !== null) throw new AnswerMismatch('null');
        return 'null';
      };
    case 'array': {
      const item = isSchema(s.items) ? compile(s.items, root) : compile({}, root);
      return (v) => {
        if (!Array.isArray(v)) throw new AnswerMismatch('an array');
        let out = '[';
        let i = 0;
        try {
          for (; i < v.length; i++) out += (i ? ',' : '') + item(v[i]);
        } catch (err) {
          within(err, `[${i}]`);
        }
        return `${out}]`;
      };
    }
    case 'object':
      return compileObject(s, root);
    default:
      throw new Error(`serializer: the type ${String(s.type)} is not supported`);
  }
};

/** A union with a plain number branch whose other branches cannot take a number: the branch a number takes. */
const numberOrOther = (s: Schema) => {
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (!branches || Object.keys(s).some((k) => k !== 'anyOf' && k !== 'oneOf' && k !== 'description')) {
    return false;
  }
  const plainNumber = (b: Schema) =>
    b.type === 'number' && Object.keys(b).every((k) => k === 'type' || k === 'description');
  const takesNoNumber = (b: Schema) =>
    typeof b.type === 'string' && b.type !== 'number' && b.type !== 'integer' && !('$ref' in b);
  return branches.some(plainNumber) && branches.every((b) => plainNumber(b) || takesNoNumber(b));
};

/**
 * The writer of an object whose properties are all required (the answers' rows): one generated
 * function reading each property by name and writing strings and numbers inline, so the engine sees
 * fixed property loads rather than a loop over keys. Keys enter the source only as JSON string
 * literals; a missing or mistyped value throws like the other writers.
 */
const generatedObject = (
  props: { key: string; prefix: string; write: Write }[],
  schemas: Record<string, Schema>,
): Write => {
  const parts = props.map((p, i) => {
    const k = JSON.stringify(p.key);
    const schema = schemas[p.key] ?? {};
    const read = `(k = ${k}, v[${k}])`;
    const plain = Object.keys(schema).every((key) => key === 'type' || key === 'description');
    if (plain && schema.type === 'string')
      return `(typeof (x = ${read}) === 'string' ? quote(x) : bad('a string'))`;
    if (plain && schema.type === 'number') {
      return `(typeof (x = ${read}) === 'number' && Number.isFinite(x) ? '' + x : bad('a finite number'))`;
    }
    // A number-or-string union (report money): a finite number written inline, anything else by the
    // union's own writer, which a number the inline test refuses also reaches.
    if (numberOrOther(schema)) {
      return `(typeof (x = ${read}) === 'number' && Number.isFinite(x) ? '' + x : w[${i}](x))`;
    }
    return `w[${i}](${read})`;
  });
  const body = props
    .map((p, i) => `${JSON.stringify(`${i === 0 ? '' : ','}${p.prefix}`)} + ${parts[i]}`)
    .join(' + ');
  const make = new Function(
    'w',
    'quote',
    'bad',
    'within',
    'Mismatch',
    `return function write(v) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Mismatch('an object');
      let k = '';
      let x;
      try {
        return '{' + ${body || "''"} + '}';
      } catch (err) {
        return within(err, '.' + k);
      }
    };`,
  ) as (
    w: Write[],
    quote: (v: string) => string,
    bad: (expected: string) => never,
    within: (err: unknown, step: string) => never,
    mismatch: typeof AnswerMismatch,
  ) => Write;
  const bad = (expected: string): never => {
    throw new AnswerMismatch(expected);
  };
  return make(
    props.map((p) => p.write),
    quote,
    bad,
    within,
    AnswerMismatch,
  );
};

const compileObject = (s: Schema, root: Schema): Write => {
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const props = Object.entries(isSchema(s.properties) ? s.properties : {}).map(([key, schema]) => ({
    key,
    prefix: `${quote(key)}:`,
    write: compile(schema as Schema, root),
    required: required.has(key),
    fallback: isSchema(schema) && 'default' in schema ? schema.default : undefined,
  }));
  if (
    s.additionalProperties !== true &&
    !isSchema(s.additionalProperties) &&
    props.every((p) => p.required && p.fallback === undefined)
  ) {
    return generatedObject(props, s.properties as Record<string, Schema>);
  }
  const known = new Set(props.map((p) => p.key));
  // false: nothing else (zod's plain objects strip the rest); a schema: records and loose objects.
  const extra =
    s.additionalProperties === true
      ? compile({}, root)
      : isSchema(s.additionalProperties)
        ? compile(s.additionalProperties, root)
        : undefined;
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new AnswerMismatch('an object');
    const o = v as Record<string, unknown>;
    let out = '{';
    let first = true;
    let key = '';
    try {
      for (const p of props) {
        key = p.key;
        let x = o[key];
        if (x === undefined) x = p.fallback;
        if (x === undefined) {
          if (p.required) throw new AnswerMismatch('a value');
          continue;
        }
        out += (first ? '' : ',') + p.prefix + p.write(x);
        first = false;
      }
      if (extra) {
        for (key of Object.keys(o)) {
          const x = o[key];
          if (known.has(key) || x === undefined) continue;
          out += `${first ? '' : ','}${quote(key)}:${extra(x)}`;
          first = false;
        }
      }
    } catch (err) {
      within(err, `.${key}`);
    }
    return `${out}}`;
  };
};

/** The serializer of an answer schema; throws at once on a schema it cannot follow. */
export const compileSerializer = (schema: z.ZodType): Serialize => {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'throw',
  }) as Schema;
  return compile(json, json);
};

import fc from 'fast-check';
import { multipartBody } from './upload';

/**
 * Generated bad requests for the device's POST endpoints (contract §0.4): payloads built
 * from each endpoint's own fields with wrong types, missing or extra fields, huge strings
 * and deep nesting; `data` texts that are not JSON; bodies in every content type the
 * device gets, and some it should never get; repeated fields, cut multipart bodies and
 * bodies over the size limit.
 */

/** Reads the seed and the size of a run from the environment, so a failure can be replayed. */
export function fuzzSettings(defaultRuns: number): { seed: number; runs: number } {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
  return { seed, runs };
}

/** The JSON-taking POST endpoints of the contract's endpoint index (§1), with a payload each accepts. */
export type Bases = Record<string, Record<string, unknown>>;

export const UPLOAD_ENDPOINTS = ['/api/file/upload', '/api/firmware/update'] as const;

/** Largest body the emulator reads (apps/emulator/src/http/post-data.ts). */
const BODY_LIMIT = 4 * 1024 * 1024;

export interface FuzzRequest {
  url: string;
  credentials: 'right' | 'none' | 'wrong' | 'garbage';
  contentType?: string;
  payload?: string | Buffer;
  /** A short description for the failure message. */
  kind: string;
}

const hugeString = fc.integer({ min: 1000, max: 120_000 }).map((n) => 'x'.repeat(n));

const tricky = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '0x0',
  '5.0',
  '1e3',
  'ffffffffffff',
  '116181234567',
  'a b',
  'null',
  'true',
  '../../etc/passwd',
  '/etc/passwd',
  'config.json',
  'pin_mapping.json',
  'nul\u0000.json',
  '%2e%2e%2f',
  '\u202e\ud83d\ude00',
  '\ud800',
);

const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -1,
    0,
    1,
    3,
    255,
    256,
    257,
    2250,
    2251,
    65535,
    65536,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    -(2 ** 53),
    1e308,
  ),
);

/** Any JSON value a broken client could put into a field. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 70 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: tricky, weight: 3 },
  { arbitrary: numbers, weight: 4 },
  { arbitrary: fc.integer({ min: -5, max: 300 }).map(String), weight: 1 },
  { arbitrary: fc.boolean(), weight: 2 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxLength: 12 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);

type Mutation =
  | { op: 'drop'; key: number }
  | { op: 'set'; key: number; value: unknown }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'nest'; key: number; depth: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), key: fc.nat() }),
  { arbitrary: fc.record({ op: fc.constant('set' as const), key: fc.nat(), value: fieldValue }), weight: 4 },
  fc.record({ op: fc.constant('add' as const), key: fc.string({ maxLength: 12 }), value: fieldValue }),
  fc.record({ op: fc.constant('nest' as const), key: fc.nat(), depth: fc.integer({ min: 1, max: 30 }) }),
);

function mutate(base: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const result: Record<string, unknown> = structuredClone(base);
  for (const change of mutations) {
    const keys = Object.keys(result);
    const key = change.op === 'add' ? change.key : keys[change.key % Math.max(keys.length, 1)];
    if (key === undefined) continue;
    if (change.op === 'drop') delete result[key];
    else if (change.op === 'set' || change.op === 'add') result[key] = change.value;
    else {
      let value: unknown = result[key];
      for (let level = 0; level < change.depth; level += 1) value = level % 2 ? [value] : { v: value };
      result[key] = value;
    }
  }
  return result;
}

const nested = fc
  .record({ depth: fc.integer({ min: 1, max: 20_000 }), object: fc.boolean() })
  .map(({ depth, object }) =>
    object ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth),
  );

/** The text of the form field `data`. */
function dataText(bases: Bases, url: string): fc.Arbitrary<string> {
  const base = bases[url] ?? {};
  const json = fc.array(mutation, { minLength: 1, maxLength: 4 }).map((m) => JSON.stringify(mutate(base, m)));
  return fc.oneof(
    { arbitrary: json, weight: 12 },
    {
      arbitrary: fc
        .dictionary(fc.string({ maxLength: 10 }), fieldValue, { maxKeys: 6 })
        .map((v) => JSON.stringify(v)),
      weight: 2,
    },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'), weight: 1 },
    {
      arbitrary: json.chain((text) => fc.nat({ max: text.length }).map((cut) => text.slice(0, cut))),
      weight: 2,
    },
    { arbitrary: fc.tuple(json, fc.string({ maxLength: 10 })).map(([text, tail]) => text + tail), weight: 1 },
    { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
    {
      arbitrary: fc.constantFrom('', '{', '}', '[', 'null', '{"a":}', "{'a':1}", '\u0000', '{"a":1,}'),
      weight: 1,
    },
    { arbitrary: nested, weight: 1 },
  );
}

const form = (fields: [string, string][]): string => new URLSearchParams(fields).toString();

/** A body carrying `data` in one of the ways a client could send it. */
function body(text: string): fc.Arbitrary<Pick<FuzzRequest, 'contentType' | 'payload' | 'kind'>> {
  const urlencoded = 'application/x-www-form-urlencoded';
  const multipart = multipartBody([{ name: 'data', content: text }]);
  return fc.oneof(
    {
      arbitrary: fc.constant({ kind: 'form', contentType: urlencoded, payload: form([['data', text]]) }),
      weight: 8,
    },
    {
      arbitrary: fc.constant({
        kind: 'multipart',
        contentType: multipart.contentType,
        payload: multipart.payload,
      }),
      weight: 3,
    },
    {
      arbitrary: fc.constant({
        kind: 'text/plain',
        contentType: 'text/plain',
        payload: form([['data', text]]),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.constant({ kind: 'raw json', contentType: 'application/json', payload: text }),
      weight: 1,
    },
    { arbitrary: fc.constant({ kind: 'no body' }), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(
          'application/xml',
          'image/png',
          'application/octet-stream',
          'text/html',
          ';;;',
          'multipart/form-data',
          'x/y; boundary=',
          `${urlencoded}; charset=latin1`,
        )
        .map((contentType) => ({
          kind: `content type ${contentType}`,
          contentType,
          payload: form([['data', text]]),
        })),
      weight: 1,
    },
    {
      arbitrary: fc.string({ maxLength: 30 }).map((other) => ({
        kind: 'repeated fields',
        contentType: urlencoded,
        payload: form([
          ['data', text],
          ['data', other],
          ['data', '{}'],
          [other, text],
        ]),
      })),
      weight: 2,
    },
    {
      arbitrary: fc.nat({ max: multipart.payload.length }).map((cut) => ({
        kind: 'cut multipart',
        contentType: multipart.contentType,
        payload: multipart.payload.subarray(0, cut),
      })),
      weight: 1,
    },
    {
      arbitrary: fc.constant({
        kind: 'data as a file part',
        contentType: multipartBody([{ name: 'data', filename: 'data', content: text }]).contentType,
        payload: multipartBody([{ name: 'data', filename: 'data', content: text }]).payload,
      }),
      weight: 1,
    },
  );
}

/** A rare body over the emulator's size limit (kept rare: each one is 4 MiB). */
const oversized = fc
  .constantFrom('application/x-www-form-urlencoded', 'text/plain', 'application/json')
  .map((contentType) => ({
    kind: `oversized ${contentType}`,
    contentType,
    payload: `data=${'9'.repeat(BODY_LIMIT + 1)}`,
  }));

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percentEncoded = (text: string): string =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A multipart upload to one of the upload endpoints: names, sizes and part orders a client could send. */
const uploadRequest = fc
  .record({
    url: fc.constantFrom(...UPLOAD_ENDPOINTS),
    name: fc.option(
      fc.oneof(tricky, fc.string({ maxLength: 20 }), fc.constantFrom('x.lang.json', 'notes.txt')),
      { nil: undefined },
    ),
    md5: fc.option(fc.oneof(fc.string({ maxLength: 40 }), fc.constant('d41d8cd98f00b204e9800998ecf8427e')), {
      nil: undefined,
    }),
    content: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
    ),
    cut: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ url, name, md5, content, cut }) => {
    const query = name === undefined ? '' : `?file=${percentEncoded(name)}`;
    const parts = [
      ...(md5 === undefined ? [] : [{ name: 'MD5', content: md5 }]),
      { name: 'firmware', filename: 'f', content },
    ];
    const { payload, contentType } = multipartBody(parts);
    return {
      url: `${url}${query}`,
      kind: cut === undefined ? 'upload' : 'cut upload',
      contentType,
      payload: cut === undefined ? payload : payload.subarray(0, cut % (payload.length + 1)),
    };
  });

const credentials = fc.oneof(
  { arbitrary: fc.constant('right' as const), weight: 12 },
  { arbitrary: fc.constantFrom('none' as const, 'wrong' as const, 'garbage' as const), weight: 1 },
);

/** One generated request to any POST endpoint of the device. */
export function fuzzRequest(bases: Bases): fc.Arbitrary<FuzzRequest> {
  const urls = Object.keys(bases);
  const json = fc.constantFrom(...urls).chain((url) =>
    dataText(bases, url)
      .chain(body)
      .map((b) => ({ url, ...b })),
  );
  const big = fc
    .tuple(fc.constantFrom(...urls, ...UPLOAD_ENDPOINTS), oversized)
    .map(([url, b]) => ({ url, ...b }));
  return fc
    .tuple(
      fc.oneof(
        { arbitrary: json, weight: 200 },
        { arbitrary: uploadRequest, weight: 4 },
        { arbitrary: big, weight: 1 },
      ),
      credentials,
    )
    .map(([request, who]) => ({ ...request, credentials: who }));
}

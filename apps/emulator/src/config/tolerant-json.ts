/**
 * Parses JSON the way the firmware's library keeps a damaged document (contract §7.2):
 * text before the first `{` is skipped, and when the input ends early or breaks, every
 * value completed before the error point is kept (containers being filled keep the
 * members they already have). `complete` tells whether the whole text was valid.
 */
export function parseTolerantJson(text: string): { value: unknown; complete: boolean } {
  const start = text.indexOf('{');
  if (start < 0) return { value: undefined, complete: false };
  const parser = new Parser(text, start);
  const root: { value?: unknown } = {};
  try {
    root.value = parser.value((partial) => (root.value = partial));
    return { value: root.value, complete: true };
  } catch (error) {
    if (!(error instanceof Broken)) throw error;
    return { value: root.value, complete: false };
  }
}

class Broken extends Error {}

class Parser {
  constructor(
    private readonly text: string,
    private index: number,
  ) {}

  private fail(): never {
    throw new Broken(`JSON breaks at ${this.index}`);
  }

  private skipSpace(): void {
    while (/\s/.test(this.text.charAt(this.index))) this.index += 1;
  }

  /** Parses one value; containers report themselves through `attach` as soon as they exist. */
  value(attach: (partial: unknown) => void): unknown {
    this.skipSpace();
    const char = this.text.charAt(this.index);
    if (char === '{') return this.object(attach);
    if (char === '[') return this.array(attach);
    if (char === '"') return this.string();
    const literal = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(
      this.text.slice(this.index, this.index + 40),
    );
    if (!literal) this.fail();
    const token = literal[0];
    // A number cut off by the end of the text is not complete.
    if (this.index + token.length >= this.text.length && /\d$/.test(token)) this.fail();
    this.index += token.length;
    return JSON.parse(token) as unknown;
  }

  private string(): string {
    // Find the closing quote (skipping escapes); JSON.parse then checks the content.
    let end = this.index + 1;
    while (end < this.text.length && this.text.charAt(end) !== '"')
      end += this.text.charAt(end) === '\\' ? 2 : 1;
    if (end >= this.text.length) this.fail();
    const token = this.text.slice(this.index, end + 1);
    let parsed: string;
    try {
      parsed = JSON.parse(token) as string;
    } catch {
      this.fail();
    }
    this.index = end + 1;
    return parsed;
  }

  /** Past an opening bracket and any space: whether the container closes at once (then past that too). */
  private opens(close: string): boolean {
    this.index += 1;
    this.skipSpace();
    if (this.text.charAt(this.index) !== close) return false;
    this.index += 1;
    return true;
  }

  /** Past a member, the space and the `,` after it: whether that was `close` instead (anything else fails). */
  private closes(close: string): boolean {
    this.skipSpace();
    const next = this.text.charAt(this.index);
    this.index += 1;
    if (next !== close && next !== ',') this.fail();
    return next === close;
  }

  private object(attach: (partial: unknown) => void): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    attach(result);
    if (this.opens('}')) return result;
    for (;;) {
      this.skipSpace();
      if (this.text.charAt(this.index) !== '"') this.fail();
      const key = this.string();
      this.skipSpace();
      if (this.text.charAt(this.index) !== ':') this.fail();
      this.index += 1;
      result[key] = this.value((partial) => (result[key] = partial));
      if (this.closes('}')) return result;
    }
  }

  private array(attach: (partial: unknown) => void): unknown[] {
    const result: unknown[] = [];
    attach(result);
    if (this.opens(']')) return result;
    for (;;) {
      const position = result.length;
      result.push(undefined);
      result[position] = this.value((partial) => (result[position] = partial));
      if (this.closes(']')) return result;
    }
  }
}

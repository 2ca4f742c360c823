// The console's text (spec §2 Console): the device sends raw frames that are not line
// aligned, so a line may arrive in pieces. Each line gets the time its first piece
// arrived, and the whole text stays within a bound however long the page is open.

/** hh:mm:ss.mmm in the browser's local time. */
export function consoleTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(
    date.getMilliseconds(),
  ).padStart(3, '0')}`;
}

export interface ConsoleText {
  text: string;
  /** Whether the previous frame ended its line, so the next frame starts a new one. */
  atLineStart: boolean;
}

export const EMPTY_CONSOLE: ConsoleText = { text: '', atLineStart: true };

/**
 * Appends a frame: every line that begins in it is prefixed with `stamp`; a piece that
 * continues the previous frame's line is not. Carriage returns are dropped (the device
 * ends lines with CRLF up to v25.4.10, LF from v25.5.10). Keeps at most `maxChars`, cutting whole lines from the front.
 */
export function appendFrame(
  previous: ConsoleText,
  frame: string,
  stamp: string,
  maxChars: number,
): ConsoleText {
  // Colour codes, should a build of the firmware send ESP-IDF's, are dropped with them.
  // eslint-disable-next-line no-control-regex -- the escape character is what is matched
  const clean = frame.replace(/\r|\x1b\[[\d;]*m/g, '');
  if (!clean) return previous;
  const lines = clean.split('\n');
  // A frame ending in a newline leaves one empty piece behind: the next line has not begun.
  const endsLine = lines.length > 1 && lines[lines.length - 1] === '';
  if (endsLine) lines.pop();
  const added = lines
    .map((line, index) => (index === 0 && !previous.atLineStart ? line : `${stamp} ${line}`))
    .join('\n');
  let text = previous.text + added + (endsLine ? '\n' : '');
  if (text.length > maxChars) {
    const cut = text.indexOf('\n', text.length - maxChars);
    text = cut >= 0 ? text.slice(cut + 1) : text.slice(-maxChars);
  }
  return { text, atLineStart: endsLine };
}

/** Command-line numbers with messages fit to show the user (both servers' options). */

export function cliNumber(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

export function cliInteger(name: string, text: string, min: number, max: number): number {
  const value = cliNumber(name, text, min, max);
  if (!Number.isInteger(value)) throw new Error(`--${name} must be a whole number, got "${text}"`);
  return value;
}

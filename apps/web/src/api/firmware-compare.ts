// The one call that leaves the device: the opt-in check for newer firmware (spec §4).
// It goes to the public code-hosting service, so it carries none of the device's headers
// or credentials, and its failures are the caller's to show (never the Error screen).

/** What the compare API answers, as far as the check reads it. */
export interface FirmwareComparison {
  /** Commits on the newest code that this firmware lacks. */
  total_commits: number;
  /** The comparison as a web page. */
  html_url: string;
}

export async function getFirmwareComparison(url: string, signal?: AbortSignal): Promise<FirmwareComparison> {
  const response = await fetch(url, { signal: signal ?? null });
  if (!response.ok) {
    // The service says why in `message` (e.g. its rate limit); the badge shows it.
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(`HTTP ${response.status}${typeof body?.message === 'string' ? `: ${body.message}` : ''}`);
  }
  const answer = (await response.json()) as Partial<FirmwareComparison> | null;
  if (typeof answer?.total_commits !== 'number') throw new Error('unexpected answer');
  return { total_commits: answer.total_commits, html_url: String(answer.html_url ?? '') };
}

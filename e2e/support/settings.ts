import type { ApiResponse } from '@opendtu/api';
import type { Page } from '@playwright/test';
import { basicAuth } from './device';

/**
 * POSTs `data` straight to the device, past the browser's checks, and returns whatever
 * it answers: how a test shows that the device itself refuses a value.
 */
export async function postDirect(
  url: string,
  path: string,
  data: unknown,
  password?: string,
): Promise<ApiResponse> {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  const response = await fetch(new URL(path, url), {
    method: 'POST',
    headers: { Authorization: basicAuth(password), 'X-Requested-With': 'XMLHttpRequest' },
    body,
  });
  return (await response.json()) as ApiResponse;
}

/** Counts the POSTs the page sends to one API path, to prove nothing was sent. */
export function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(path)) count += 1;
  });
  return () => count;
}

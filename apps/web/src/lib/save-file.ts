/** Offers text to the user as a file download (no server round trip). */
export function saveTextFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has its own reference by now; the URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

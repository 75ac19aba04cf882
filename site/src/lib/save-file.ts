/**
 * Hands a file the page fetched to the browser as a download. A plain link cannot carry the
 * session's token, so signed-in files are fetched by the API client and saved from a Blob.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

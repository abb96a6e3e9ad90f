/**
 * Saves text (a CSV export built by packages/domain toCsv) as a file: a Blob and a temporary link, so
 * nothing about it goes through the server's logs or a URL.
 */
export function saveTextFile(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

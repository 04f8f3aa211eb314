/** Hands `blob` to the browser as a download named `fileName`, as a link with `download` would. */
export function saveFile(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; a second later the URL is let go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

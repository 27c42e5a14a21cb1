/** Saves a blob as a file, through an object URL that lives only until the download has begun. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the click; the URL only needs to outlive it
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

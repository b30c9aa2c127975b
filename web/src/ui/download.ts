// Saving files from the page (CSV, JSON, PNG, SVG), with no server involved.

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(text: string, filename: string, type: string): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/** Renders an SVG document to a PNG blob at the device pixel ratio. */
export async function svgToPng(
  svg: string,
  width: number,
  height: number,
  scale = window.devicePixelRatio || 1,
): Promise<Blob> {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('could not render the SVG'));
      img.src = url;
    });
    const c = document.createElement('canvas');
    c.width = Math.round(width * scale);
    c.height = Math.round(height * scale);
    const ctx = c.getContext('2d')!;
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      c.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Current theme colours, for exports that must look like the page. */
export function themeColors(): { bg: string; fg: string } {
  const cs = getComputedStyle(document.documentElement);
  return { bg: cs.getPropertyValue('--panel').trim() || '#fff', fg: cs.getPropertyValue('--fg').trim() || '#111' };
}

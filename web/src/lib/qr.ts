/** A QR code as a matrix of dark modules (true), made by qrcode-generator, loaded on first use. */
export async function qrMatrix(text: string): Promise<boolean[][]> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** An SVG path drawing the dark modules of `m`, one unit per module, offset by `margin` units. */
export function qrPath(m: readonly (readonly boolean[])[], margin = 0): string {
  const parts: string[] = [];
  m.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) parts.push(`M${c + margin} ${r + margin}h1v1h-1z`);
    });
  });
  return parts.join('');
}

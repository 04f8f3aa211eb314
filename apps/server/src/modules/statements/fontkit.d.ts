/** The little of fontkit (pdfkit's font reader) statements use. */
declare module 'fontkit' {
  export interface Font {
    /** Every code point the font's cmap maps to a glyph. */
    characterSet: number[];
    /** pdfkit lays text out with it; its presence is how pdfkit tells a font object from a file. */
    layout(text: string): unknown;
  }
  export function create(buffer: Buffer): Font;
}

import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, StructTreeNode, TextItem } from 'pdfjs-dist/types/src/display/api';

/**
 * Reads a PDF back the way a reader (or a screen reader) would, with pdfjs-dist, an independent
 * maintained parser: tests assert on what the statement says, not on how we drew it.
 */

// pdfjs measures the standard (non-embedded) fonts from its own font files.
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}${path.sep}`;

async function withPdf<T>(pdf: Buffer, read: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    return await read(document);
  } finally {
    await task.destroy();
  }
}

/**
 * Each page's text in reading (content) order, with every run of white space — including line
 * ends — collapsed to one space: a description wrapped over two lines reads as it was written.
 */
export async function pdfText(pdf: Buffer): Promise<{ pages: string[] }> {
  return withPdf(pdf, async (document) => {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str)
        .join(' ');
      pages.push(text.replace(/\s+/g, ' ').trim());
    }
    return { pages };
  });
}

export interface PdfStructure {
  /** The catalog's `/MarkInfo << /Marked true >>`: a tagged PDF. */
  marked: boolean;
  /** The document's title and language, as a reader shows them. */
  title: string | null;
  lang: string | null;
  /** Per page, the structure roles in tree order (`Document`, `H1`, `Table`, `TR`, `TH`, …). */
  roles: string[][];
}

function rolesOf(node: StructTreeNode | null, into: string[]): string[] {
  if (!node) return into;
  if (node.role !== 'Root') into.push(node.role);
  for (const child of node.children) if ('role' in child) rolesOf(child, into);
  return into;
}

/** The PDF's tagging as pdfjs sees it: for accessibility tests. */
export async function pdfStructure(pdf: Buffer): Promise<PdfStructure> {
  return withPdf(pdf, async (document) => {
    const markInfo = await document.getMarkInfo();
    const { info } = await document.getMetadata();
    const details = info as { Title?: unknown; Language?: unknown };
    const roles: string[][] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      roles.push(rolesOf(await page.getStructTree(), []));
    }
    return {
      marked: markInfo?.Marked === true,
      title: typeof details.Title === 'string' ? details.Title : null,
      lang: typeof details.Language === 'string' ? details.Language : null,
      roles,
    };
  });
}

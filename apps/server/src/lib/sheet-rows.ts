/**
 * The shapes of a spreadsheet's columns and rows, shared by the xlsx reader and writer (xlsx.ts) and the bilingual
 * headers that name the columns (file-headers.ts).
 */
export type CellValue = string | number | boolean | Date | null;
export type XlsxColumn = { header: string; key: string; width?: number };

/** A parsed upload row: 1-based sheet row number and the cell values keyed by the template's header text. */
export type ImportRow = { rowNumber: number; values: Record<string, CellValue> };

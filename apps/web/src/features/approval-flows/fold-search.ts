/**
 * Searching a select's options with or without Vietnamese diacritics: 'phong ke toan' finds 'Phòng Kế toán', as the
 * server's folded searches do. The letter đ has no combining mark and is folded by hand.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .trim();
}

/** antd Select `filterOption`: the option's label holds the typed text, both folded. */
export function foldedLabelMatch(input: string, option?: { label?: unknown }): boolean {
  return foldText(String(option?.label ?? '')).includes(foldText(input));
}

/**
 * antd's preset Tag colours write their text in the palette's 7th shade on its 1st, which falls short of WCAG AA's
 * 4.5:1 for several colours (green 3.4:1, gold 2.8:1, cyan 3.4:1: axe color-contrast on the tags of many pages).
 * The Tag's theme takes a darker shade of the same palette for those, so every `<Tag color="green">` passes without
 * each page choosing its colours (theme-contrast.test.ts checks each pair). The status colours `success` and
 * `warning` (text in colorSuccess/colorWarning on their light backgrounds, 2.2:1 and 1.8:1) get the same treatment.
 */
export const TAG_TEXT_ON_LIGHT = {
  volcano: { color: '#ad2102', background: '#fff2e8' },
  orange: { color: '#ad4e00', background: '#fff7e6' },
  gold: { color: '#874d00', background: '#fffbe6' },
  yellow: { color: '#876800', background: '#feffe6' },
  lime: { color: '#3f6600', background: '#fcffe6' },
  green: { color: '#237804', background: '#f6ffed' },
  cyan: { color: '#006d75', background: '#e6fffb' },
} as const;

export const TAG_STATUS_TEXT = {
  success: { color: '#237804', background: '#f6ffed' },
  warning: { color: '#874d00', background: '#fffbe6' },
} as const;

/** The Tag component's tokens: `<colour>7` is the text shade of a preset colour (antd genPresetColor). */
export const TAG_TOKENS = {
  ...Object.fromEntries(Object.entries(TAG_TEXT_ON_LIGHT).map(([name, pair]) => [`${name}7`, pair.color])),
  colorSuccess: TAG_STATUS_TEXT.success.color,
  colorWarning: TAG_STATUS_TEXT.warning.color,
};

/**
 * A table's empty text ('No device keys yet' given as a plain string) is written in colorTextDisabled, 1.8:1 on white;
 * the same grey as the other secondary texts (providers.tsx colorTextTertiary, 5.3:1) instead.
 */
export const TABLE_TOKENS = { colorTextDisabled: '#6b6b6b' };

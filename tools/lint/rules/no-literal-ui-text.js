// Issue 25: every text a user can see exists in English and Vietnamese, so none may be written as a literal in a web
// component: it goes into the feature's catalogue (i18n/en.ts, i18n/vi.ts) and is read with `t('key')`.
// Flagged: JSX text; a string given to a prop or object field that antd shows (title, label, placeholder, …); the
// text of a notice (notifySuccess('…')). A string with no lower-case letter is taken for a code or a product name
// ('TMS', 'ANN_LEAVE_CORP', 'OT') and left alone, as are strings without any letter ('—', '/', '%') and catalogue
// keys ('help.faq').

/** Props and object fields whose string value antd (or the page) shows to the user. */
const SHOWN = new Set([
  'title', 'label', 'placeholder', 'alt', 'aria-label', 'aria-description', 'aria-roledescription', 'tooltip', 'okText',
  'cancelText', 'content', 'description', 'message', 'extra', 'help', 'addonBefore', 'addonAfter', 'emptyText',
  'checkedChildren', 'unCheckedChildren', 'tab', 'text', 'header', 'footer', 'subTitle', 'notFoundContent',
  'confirmText', 'children',
]);

/** Functions whose first argument is a text shown to the user. */
const SHOWING_CALLS = new Set(['notifySuccess', 'notifyInfo', 'notifyWarning', 'notifyError', 'success', 'info', 'warning', 'error']);

const LETTER = /\p{L}/u;
const LOWER = /\p{Ll}/u;

/** A catalogue key ('help.userGuide', 'status.pending'): read through t, not shown as it is. */
const KEY = /^[\w-]+(\.[\w-]+)+$/;

/** Text a reader would read: letters, at least one of them lower-case (not a code such as 'TMS' or 'OT'). */
function isReadable(text) {
  return LETTER.test(text) && LOWER.test(text) && !KEY.test(text.trim());
}

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(' ') || null;
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

function keyName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible texts come from the feature catalogue (t), never literals in web components.' },
    schema: [],
    messages: {
      literal: "User-visible text '{{text}}' is a literal: put it in the catalogue (i18n/en.ts and vi.ts) and read it with t('…').",
    },
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    const check = (node, valueNode) => {
      const text = literalText(valueNode);
      if (text !== null && isReadable(text)) report(node, text);
    };
    return {
      JSXText(node) {
        if (isReadable(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : null;
        if (name && SHOWN.has(name) && node.value) check(node, node.value);
      },
      Property(node) {
        const name = !node.computed && keyName(node.key);
        if (name && SHOWN.has(name)) check(node, node.value);
      },
      CallExpression(node) {
        const callee = node.callee.type === 'MemberExpression' ? node.callee.property : node.callee;
        if (callee.type === 'Identifier' && SHOWING_CALLS.has(callee.name)) check(node, node.arguments[0]);
      },
    };
  },
};

// @ts-check
// A local ESLint rule (ADR 0149): no user-facing text written into a component of a translated area.
// Every text a visitor or member reads comes from the area's message catalogue (`i18n/en.json` and
// its translations) through its translator, so no text is left English in another language. It
// flags JSX text with a letter in it, and string literals with a letter given to the attributes
// people read or hear (`aria-label`, `label`, `title`, `placeholder`, `alt`, `helperText`, …).
// Symbols and punctuation alone (`·`, `—`, `$`) are not text.

const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'title',
  'placeholder',
  'alt',
  'helperText',
  'subheader',
  'primary',
  'secondary',
  'description',
  'emptyText',
  'loadingText',
  'noOptionsText',
]);
const LETTER = /\p{L}/u;

/** @param {any} node */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((/** @type {any} */ q) => q.value.cooked ?? '').join('');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return literalText(node.consequent) ?? literalText(node.alternate);
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'user-facing texts come from the message catalogues (ADR 0149)' },
    schema: [],
    messages: {
      text: 'User-facing text "{{text}}" is hard-coded: put it in the area\'s i18n/en.json (and its translations) and use its translator.',
    },
  },
  create(context) {
    /** @param {any} node @param {string} text */
    const report = (node, text) => context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      /** @param {any} node */
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (text !== null && LETTER.test(text)) report(node.value, text);
      },
      /** @param {any} node */
      'JSXExpressionContainer > Literal, JSXExpressionContainer > TemplateLiteral'(node) {
        if (node.parent.parent?.type === 'JSXAttribute') return;
        const text = literalText(node);
        if (text !== null && LETTER.test(text)) report(node, text);
      },
    };
  },
};

export const uiTextPlugin = { rules: { 'no-literal-ui-text': rule } };

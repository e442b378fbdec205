/**
 * Finds user-facing text written directly in components (style.md: "No user-facing literal in a
 * component"): JSX text with letters, and string literals given to user-facing props unless they look
 * like i18n keys (a dot and no spaces). A line can opt out with a comment containing `i18n-ignore`
 * on it, or on a comment-only line just above, for text that is the same in every language (e.g. a
 * brand name).
 */
import ts from 'typescript';

export const USER_FACING_PROPS = [
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'helperText',
  'emptyText',
  'content',
  'confirmTitle',
  'confirmContent',
] as const;

export interface LiteralFinding {
  file: string;
  line: number;
  text: string;
  where: string;
}

const HAS_LETTER = /\p{L}/u;

export function looksLikeI18nKey(text: string): boolean {
  return /^\S+\.\S+$/.test(text);
}

/** String literals in value position: the expression itself, both branches of ?:, operands of || ?? &&. */
function valueLiterals(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isTemplateExpression(expression)) return [expression];
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return valueLiterals(expression.expression);
  }
  if (ts.isConditionalExpression(expression)) return [...valueLiterals(expression.whenTrue), ...valueLiterals(expression.whenFalse)];
  if (
    ts.isBinaryExpression(expression) &&
    [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(
      expression.operatorToken.kind,
    )
  ) {
    return [...valueLiterals(expression.left), ...valueLiterals(expression.right)];
  }
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return '';
}

export function findUserFacingLiterals(file: string, source: string): LiteralFinding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split('\n');
  const findings: LiteralFinding[] = [];

  const isIgnored = (line: number) =>
    lines[line]?.includes('i18n-ignore') ||
    (line > 0 && /^\s*(\{\/\*|\/\/|\/\*).*i18n-ignore/.test(lines[line - 1] ?? ''));

  const report = (node: ts.Node, text: string, where: string) => {
    // Point at the text itself, not at the whitespace (or newline) a JSX text node starts with.
    const start = node.getStart(sourceFile) + (ts.isJsxText(node) ? node.text.length - node.text.trimStart().length : 0);
    const line = sourceFile.getLineAndCharacterOfPosition(start).line;
    if (isIgnored(line)) return;
    findings.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' '), where });
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (HAS_LETTER.test(node.text)) report(node, node.text, 'JSX text');
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of valueLiterals(node.expression)) {
        const text = literalText(literal);
        if (HAS_LETTER.test(text) && !looksLikeI18nKey(text)) report(literal, text, 'JSX expression');
      }
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sourceFile);
      if ((USER_FACING_PROPS as readonly string[]).includes(name) && node.initializer) {
        const literals = ts.isStringLiteral(node.initializer)
          ? [node.initializer]
          : ts.isJsxExpression(node.initializer) && node.initializer.expression
            ? valueLiterals(node.initializer.expression)
            : [];
        for (const literal of literals) {
          const text = literalText(literal);
          if (HAS_LETTER.test(text) && !looksLikeI18nKey(text)) report(literal, text, `prop ${name}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}
